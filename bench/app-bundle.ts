// An app bundled as a user's build would bundle it, with the package's names resolved to this
// repository's sources: what `npm run size` measures and what the tree-shaking tests inspect.
import {build, type Plugin} from 'esbuild';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {devModePlugin} from './dev-mode-plugin.js';
import {splitOutputs} from './initial-load.js';
import {ROOT} from './report.js';

/** The Lit runtime, which a page with Lit already has. */
export const LIT_EXTERNAL = ['lit', 'lit/*', 'lit-html', 'lit-html/*', 'lit-element', 'lit-element/*', '@lit/reactive-element', '@lit/reactive-element/*'];

/**
 * How the size report and these tests build: as an app's production build would, minified,
 * with code loaded by import() (the provider's persistence and tab sync) in chunks of its own.
 */
export const PRODUCTION_BUILD = {
  metafile: true,
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  splitting: true,
  write: false,
  define: {'process.env.NODE_ENV': '"production"'},
  tsconfig: join(ROOT, 'tsconfig.json'),
  logLevel: 'error',
} as const;

/** Each entry of package.json `exports` that has types, as an app names it, mapped to its source file. */
export function packageEntrySources(): Record<string, string> {
  const {exports} = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {exports: Record<string, string | {types?: string}>};
  const sources: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(exports)) {
    if (typeof target !== 'object' || !target.types) continue;
    sources[`lit-data-elements${subpath.slice(1)}`] = target.types.replace('./dist/types/', '').replace(/\.d\.ts$/, '.ts');
  }
  return sources;
}

/** Resolves `lit-data-elements` and its subpaths to the sources; a name the package does not export is an error. */
export function packageFromSources(): Plugin {
  const entries = packageEntrySources();
  return {
    name: 'package-from-sources',
    setup(b) {
      b.onResolve({filter: /^lit-data-elements(\/|$)/}, args => {
        const source = entries[args.path];
        return source ? {path: join(ROOT, source)} : {errors: [{text: `${args.path} is not an entry point of the package`}]};
      });
    },
  };
}

/** Replaces source modules (paths from the root) with other contents: to measure an app without one of its parts. */
function stubModules(stubs: Record<string, string>): Plugin {
  return {
    name: 'stub-modules',
    setup(b) {
      b.onLoad({filter: /\.ts$/}, args => {
        const relative = args.path.startsWith(ROOT) ? args.path.slice(ROOT.length).replace(/^\//, '') : '';
        return relative in stubs ? {contents: stubs[relative], loader: 'ts'} : undefined;
      });
    },
  };
}

/** What loads first of a bundled app: its code, sizes, and the source files in it (with the bytes each kept). */
export interface AppBundle {
  readonly code: string;
  readonly min: number;
  readonly gzip: number;
  /** Source path (from the root) to the minified bytes it kept in what loads first. */
  readonly inputs: ReadonlyMap<string, number>;
  /** gzip bytes of what loads on demand (import() chunks). */
  readonly onDemandGzip: number;
  /** The code of what loads on demand (import() chunks), joined. */
  readonly onDemandCode: string;
}

/**
 * Bundles an app (a module's source text, resolved from the root) for production as a user's
 * build does: tree-shaken, minified, split where it imports on demand, the Lit runtime external.
 */
export async function bundleApp(source: string, options: {stubs?: Record<string, string>} = {}): Promise<AppBundle> {
  // A file rather than stdin: esbuild marks the output of a file entry as an entry point, which
  // is how splitOutputs tells what loads first.
  const dir = join(ROOT, '.tmp/app-bundle');
  mkdirSync(dir, {recursive: true});
  const entry = join(dir, `app-${process.pid}-${++builds}.ts`);
  writeFileSync(entry, source);
  try {
    return await bundleFile(entry, options.stubs ?? {});
  } finally {
    rmSync(entry, {force: true});
  }
}
let builds = 0;

async function bundleFile(entry: string, stubs: Record<string, string>): Promise<AppBundle> {
  const result = await build({
    ...PRODUCTION_BUILD,
    entryPoints: [entry],
    plugins: [packageFromSources(), stubModules(stubs), devModePlugin(false)],
    outdir: join(ROOT, 'dist/size-app'),
    external: LIT_EXTERNAL,
  });
  const {initial, onDemand} = splitOutputs(result);
  const code = initial.map(output => output.text).join('\n');
  const inputs = new Map<string, number>();
  for (const output of initial) {
    for (const [path, {bytesInOutput}] of Object.entries(output.inputs)) if (bytesInOutput > 0) inputs.set(path, (inputs.get(path) ?? 0) + bytesInOutput);
  }
  const lazy = onDemand.map(output => output.text).join('\n');
  return {code, min: Buffer.byteLength(code), gzip: gzipSync(code, {level: 9}).length, inputs, onDemandGzip: lazy ? gzipSync(lazy, {level: 9}).length : 0, onDemandCode: lazy};
}

/** The consumer app of test/fixtures/consumer, re-exported (the package marks its own modules side-effect free, so a bare import would be dropped): the app every part's cost is measured against. */
export const CONSUMER_APP = `export * from ${JSON.stringify(join(ROOT, 'test/fixtures/consumer/app/main.ts'))};`;
