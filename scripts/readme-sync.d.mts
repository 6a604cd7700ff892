export declare function asPackageImports(source: string, up?: string): string;
export declare function syncReadme(readme: string, read?: (path: string) => string): string;
export declare function syncedFiles(): string[];
