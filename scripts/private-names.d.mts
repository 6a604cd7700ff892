/**
 * Renames the private members of the classes under `root`'s src/ and components/ to short
 * names, for production builds. Returns the renamed text of each file that changed, by
 * absolute path; throws when the renamed sources do not type-check.
 */
export function renamePrivateMembers(root: string, options?: {useCache?: boolean}): Map<string, string>;
