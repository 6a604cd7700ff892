// How the render pages are bundled, for bench/render/run.ts and mounts.ts: ESM for the browser,
// production Lit, and our development-mode checks dropped (the build users ship).
import {build, type Plugin} from 'esbuild';
import {join} from 'node:path';
import {devModePlugin} from '../dev-mode-plugin.js';
import {ROOT} from '../report.js';

/** Bundles `entryPoints` into `outdir` (minified unless `minify` is false); `plugins` run before the development-mode switch. */
export async function buildPages(entryPoints: string[] | Record<string, string>, outdir: string, minify: boolean, plugins: Plugin[] = []): Promise<void> {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    define: {'process.env.NODE_ENV': '"production"'},
    plugins: [...plugins, devModePlugin(false)],
    tsconfig: join(ROOT, 'tsconfig.json'),
    logLevel: 'warning',
  });
}
