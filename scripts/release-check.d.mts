export interface PackageManifest {
  readonly name?: string;
  readonly version?: string;
  readonly private?: boolean;
  readonly main?: string;
  readonly module?: string;
  readonly types?: string;
  readonly customElements?: string;
  readonly exports?: Record<string, unknown>;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}
export declare const CEILINGS: {size: number; unpackedSize: number};
export declare function releaseProblems(release: {manifest: PackageManifest; files: readonly string[]; size: number; unpackedSize: number}): string[];
export declare function dryRunPublish(tarball: string): {id: string; files: string[]; size: number; unpackedSize: number};
export declare function checkRelease(dir: string): {
  problems: string[];
  summary: string;
  published: {id: string; files: string[]; size: number; unpackedSize: number};
  manifest: PackageManifest;
};
