// What a page loads from the CDN's ES modules (dist/cdn/modules, `vite build --mode cdn-modules`):
// the autoloader and the chunks it imports, then, for each element the page uses, the chunk that
// defines it and the chunks that one imports. Read from the build's manifest (which chunk imports
// which) and the source maps (which modules a chunk holds), so that it measures the files as
// shipped. Used by `npm run size` and test/node/package-consumer.test.ts.
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** One file a page loads, with its size as served (gzip level 9, each file on its own). */
export interface LoadedFile {
  readonly file: string;
  readonly min: number;
  readonly gzip: number;
  /** The source modules in it, from its source map, relative to the package root. */
  readonly sources: readonly string[];
}

/** The files a page using `tags` loads from the CDN modules in `dir`, and their total sizes. */
export function cdnModulesPageLoad(dir: string, tags: readonly string[]): {files: LoadedFile[]; min: number; gzip: number} {
  const manifestPath = join(dir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the CDN modules first (\`vite build --mode cdn-modules\`, part of \`npm run build\`)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const sources = new Map<string, string[]>();
  /** The modules in `file`, from its source map (read once). */
  const sourcesOf = (file: string): string[] => {
    let found = sources.get(file);
    if (found) return found;
    const map = join(dir, `${file}.map`);
    // Paths in the map are relative to the file; make them relative to the package root (three levels above dir).
    const prefix = ['..', '..', '..', ...file.split('/').slice(0, -1).map(() => '..')].join('/') + '/';
    found = existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as {sources: string[]}).sources.map(s => (s.startsWith(prefix) ? s.slice(prefix.length) : s)) : [];
    sources.set(file, found);
    return found;
  };
  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  const autoload = Object.keys(manifest).find(key => manifest[key]!.src === 'components/autoload.ts');
  if (!autoload) throw new Error(`${manifestPath} has no entry for components/autoload.ts`);
  visit(autoload);
  for (const tag of tags) {
    const definer = (manifest[autoload]!.dynamicImports ?? []).find(key => sourcesOf(manifest[key]!.file).includes(`components/${tag}.ts`));
    if (!definer) throw new Error(`no chunk that the autoloader loads on demand holds components/${tag}.ts`);
    visit(definer);
  }
  const files = [...loaded].map(key => {
    const file = manifest[key]!.file;
    const code = readFileSync(join(dir, file));
    return {file, min: code.length, gzip: gzipSync(code, {level: 9}).length, sources: sourcesOf(file)};
  });
  return {files, min: files.reduce((a, f) => a + f.min, 0), gzip: files.reduce((a, f) => a + f.gzip, 0)};
}
