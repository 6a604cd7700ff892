// Which source modules a page needs before it runs an entry, tree-shaken as a production build
// does: the CDN modules build (vite.config.ts) places the modules every page with a
// <data-provider> needs in a few chunks of their own, and the template layer of <data-query> in
// one more, so that such a page loads a handful of files rather than one per set of entries
// sharing a module. gzip compresses each file alone, and every file boundary adds import and
// export lists, so fewer, larger files are smaller to send. Found by esbuild (the build itself
// cannot tell, when it places modules, which of a module's exports a page uses).
import {build} from 'esbuild';
import {readFileSync, realpathSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {DEV_MODE_MODULE, devModeModule, withoutDevMode} from './dev-mode.mjs';

/**
 * The real paths of the modules of which some code loads first with `entry` (a path from
 * `root`): in its own output or the chunks that output imports statically, not those it
 * imports on demand. `external`: package names left out (and so not in the set).
 */
export async function modulesLoadedFirst(root, entry, external = []) {
  const switchFile = join(root, DEV_MODE_MODULE);
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    outdir: join(root, '.tmp/page-modules'),
    external,
    logLevel: 'error',
    plugins: [
      {
        // What loads on demand is not loaded first.
        name: 'on-demand-external',
        setup(b) {
          b.onResolve({filter: /.*/}, args => (args.kind === 'dynamic-import' ? {path: args.path, external: true} : undefined));
        },
      },
      {
        name: 'dev-mode',
        setup(b) {
          // A production build: no development-mode branch, nor what only it uses.
          b.onLoad({filter: /\.ts$/}, args => {
            if (args.path === switchFile) return {contents: devModeModule(false), loader: 'ts'};
            if (!args.path.startsWith(root) || args.path.includes('/node_modules/')) return undefined;
            const stripped = withoutDevMode(readFileSync(args.path, 'utf8'));
            return stripped === undefined ? undefined : {contents: stripped, loader: 'ts'};
          });
        },
      },
    ],
  });
  const outputs = result.metafile.outputs;
  const first = Object.keys(outputs).find(path => outputs[path].entryPoint !== undefined && resolve(root, outputs[path].entryPoint) === join(root, entry));
  const modules = new Set();
  const seen = new Set();
  const visit = path => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const [input, {bytesInOutput}] of Object.entries(outputs[path].inputs)) if (bytesInOutput > 0) modules.add(realpathSync(resolve(root, input)));
    for (const imported of outputs[path].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(first);
  return modules;
}
