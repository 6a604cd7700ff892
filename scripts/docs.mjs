#!/usr/bin/env node
// The documentation site (VitePress, in site/):
//   npm run docs              generate the references, then the dev server on 127.0.0.1:5174
//   npm run docs:build        generate the references, then build into site/.vitepress/dist
//   npm run docs:preview      serve that build on 127.0.0.1:4174 (`-- --port N` for another port)
// Extra args of dev and build go to vitepress (`npm run docs -- --port 5200`).
// Before the site, three generated parts (git-ignored), each from its source of truth:
//   site/reference/api/       TypeDoc over the package's three entry points (scripts/docs-api.mjs)
//   site/reference/elements/  custom-elements.json, analyzed afresh from components/ (scripts/docs-elements.mjs)
//   site/public/mockServiceWorker.js  msw's worker, for the live examples (`msw init`)
import {spawn} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {writeApiReference} from './docs-api.mjs';
import {writeElementsReference} from './docs-elements.mjs';
import {serveStatic} from './serve-static.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SITE = 'site';
export const DIST = 'site/.vitepress/dist';

/** Runs a command in the repository root; rejects with its output when it fails. */
function run(command, args, {quiet = false} = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: ROOT, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit']});
    let output = '';
    child.stdout?.on('data', d => (output += d));
    child.stderr?.on('data', d => (output += d));
    child.once('error', reject);
    child.once('exit', code => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`))));
  });
}

/** The references and the msw worker: everything the site's Markdown does not hold itself. */
export async function generateDocs() {
  const t0 = Date.now();
  process.chdir(ROOT);
  // Written every time (a second), so the worker always matches the installed msw.
  // --no: never download msw, use the project's pinned copy.
  const worker = run('npx', ['--no', 'msw', 'init', join(SITE, 'public'), '--no-save'], {quiet: true});
  mkdirSync('.tmp/docs', {recursive: true});
  // The analyzer runs beside TypeDoc (its own process); both take a few seconds.
  const analyzed = run(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--outdir', '.tmp/docs'], {quiet: true});
  const warnings = await writeApiReference(join(SITE, 'reference/api'), SITE);
  await Promise.all([analyzed, worker]);
  const tags = writeElementsReference('.tmp/docs/custom-elements.json', join(SITE, 'reference/elements'));
  console.log(
    `docs: API reference (${warnings} TypeDoc warnings) and elements reference (${tags.length} elements) generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [mode = 'dev', ...rest] = process.argv.slice(2);
  if (!['dev', 'build', 'preview', 'generate'].includes(mode)) {
    console.error(`usage: node scripts/docs.mjs dev|build|preview|generate [vitepress args]`);
    process.exit(2);
  }
  try {
    if (mode !== 'preview') await generateDocs();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  if (mode === 'preview') {
    // Not `vitepress preview`, which listens on every interface and on its own port.
    const at = rest.indexOf('--port');
    const port = at >= 0 ? Number(rest[at + 1]) : 4174;
    const base = process.env.DOCS_BASE ?? '/';
    const server = await serveStatic(join(ROOT, DIST), {port, base});
    console.log(`docs: the built site (${DIST}) at http://127.0.0.1:${server.address().port}${base}`);
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => server.close(() => process.exit(0)));
  } else if (mode !== 'generate') {
    const vitepress = spawn(process.execPath, ['node_modules/vitepress/bin/vitepress.js', mode, SITE, ...rest], {cwd: ROOT, stdio: 'inherit'});
    // Pass stop signals on (a supervisor may send them to this pid only), exit as vitepress does.
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => vitepress.kill(sig));
    vitepress.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  }
}
