export declare const ROOT: string;
export interface PackedPackage {
  /** The tarball's path. */
  readonly tarball: string;
  /** The paths of the files it holds, relative to the package root. */
  readonly files: string[];
  /** Its size in bytes. */
  readonly size: number;
  /** The size of its files in bytes. */
  readonly unpackedSize: number;
}
export declare function packPackage(destination: string): PackedPackage;
