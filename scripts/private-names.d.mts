/** A source file with its private members renamed, and a source map back to the file as written. */
export interface RenamedFile {
  readonly code: string;
  readonly map: {version: number; sources: string[]; sourcesContent?: string[]; names: string[]; mappings: string};
}

/**
 * Renames the private members of the classes under `root`'s src/ and components/ to short
 * names, for production builds. Returns each file that changed, by absolute path; throws when
 * the renamed sources do not type-check.
 */
export function renamePrivateMembers(root: string, options?: {useCache?: boolean}): Map<string, RenamedFile>;
