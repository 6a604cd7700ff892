export function modulesLoadedFirst(root: string, entry: string, external?: string[]): Promise<Set<string>>;
