// The published shape, checked as a user would meet it: `npm pack` (which builds), the
// tarball installed into a scratch project, a small Lit app built with Vite and with esbuild
// and type-checked with tsc against the installed package, without the template layer. The
// sizes (min + gzip, Lit excluded) are reported as test diagnostics. The tarball holds what
// the README lists, and nothing else.
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {build, transform} from 'esbuild';
import {cdnModulesPageLoad} from '../../bench/cdn-modules.js';
import {splitOutputs} from '../../bench/initial-load.js';
import {SIZE_CEILINGS, SIZE_TARGETS} from '../../bench/size-budgets.js';
import {packPackage} from '../../scripts/pack-package.mjs';
import {npmInstall, writeProject} from './helpers/scratch-project.js';

const ROOT = process.cwd();
const FIXTURE = join(ROOT, 'test/fixtures/consumer');
const node = process.execPath;
const bin = (path: string) => join(ROOT, 'node_modules', path);
/** Development-mode messages, which only the `development` export condition brings. */
const DEV_MESSAGE = /development mode|the elements were never loaded/;

let scratch: string;
let files: string[] = [];

/** min + gzip of JavaScript source: minified again (whitespace, names) as the size report does. */
async function minGzip(code: string): Promise<number> {
  const {code: min} = await transform(code, {minify: true, format: 'esm', target: 'es2022'});
  return gzipSync(min, {level: 9}).length;
}

/** Persistence and tab sync, which `<data-provider>` loads only when its attributes ask for them. */
const PLUGIN_CODE = /indexedDB|BroadcastChannel/;
/** The poll timers (their warning about a bad pollFrequency), which the refresh part loads with the first polled read. */
const POLL_CODE = /it must be a positive number of ms/;

/**
 * Checks an app's production build: no template layer and no development message anywhere, the
 * plugins and the poll timers only in chunks loaded on demand, and what loads first (each file minified and
 * gzipped, as it travels) within the ceiling.
 */
async function holdApp(t: {diagnostic(message: string): void}, what: string, initial: string[], onDemand: string[]): Promise<void> {
  // Checked with ok(), not match(): a failure would print the whole bundle.
  const all = [...initial, ...onDemand].join('\n');
  assert.ok(!/stampino|jexpr|data-resource/.test(all), 'the template layer is not in the bundle');
  assert.ok(!DEV_MESSAGE.test(all), 'a production build has no development-mode message');
  assert.ok(!PLUGIN_CODE.test(initial.join('\n')), 'persistence and tab sync are not loaded first');
  assert.ok(PLUGIN_CODE.test(onDemand.join('\n')), 'they are in a chunk the provider loads on demand');
  assert.ok(!POLL_CODE.test(initial.join('\n')), 'the poll timers are not loaded first');
  assert.ok(POLL_CODE.test(onDemand.join('\n')), 'they are in a chunk the refresh part loads on demand');
  let size = 0;
  for (const code of initial) size += await minGzip(code);
  reportAndHold(t, what, size, 'litApp');
}

/** Reports a size beside its target and fails when it passes the ceiling held in bench/size-budgets.ts. */
function reportAndHold(t: {diagnostic(message: string): void}, what: string, size: number, budget: keyof typeof SIZE_CEILINGS): void {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const target: number | undefined = SIZE_TARGETS[budget];
  t.diagnostic(`${what}: ${kB(size)} min+gzip (${target === undefined ? 'no target' : `target ${kB(target)}`}, ceiling ${kB(SIZE_CEILINGS[budget])})`);
  assert.ok(size <= SIZE_CEILINGS[budget], `${what} is ${kB(size)} min+gzip, over its ceiling of ${kB(SIZE_CEILINGS[budget])} (bench/size-budgets.ts)`);
}

describe('the packed package in a consumer project', {timeout: 600_000}, () => {
  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'lit-data-elements-consumer-'));
    const packed = packPackage(scratch);
    files = packed.files;
    writeProject(scratch, {'lit-data-elements': `file:${packed.tarball}`});
    npmInstall(scratch);
    for (const project of ['vite', 'esbuild']) {
      mkdirSync(join(scratch, project));
      cpSync(join(FIXTURE, 'app'), join(scratch, project), {recursive: true});
    }
    cpSync(join(FIXTURE, 'vite'), join(scratch, 'vite'), {recursive: true});
  }, {timeout: 600_000}); // the build, the pack and the install: minutes on a busy machine, past the runner's per-test limit

  /**
   * The fixture app bundled by esbuild as an app's production build does (Lit external, code
   * splitting on), with these export conditions: what a page loads first, and what it loads on demand.
   */
  async function bundleApp(conditions: string[]): Promise<{initial: string[]; onDemand: string[]}> {
    const dir = join(scratch, 'esbuild');
    const result = await build({
      entryPoints: [join(dir, 'main.ts')],
      absWorkingDir: dir,
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2022',
      splitting: true,
      outdir: join(dir, 'dist'),
      metafile: true,
      write: false,
      conditions,
      external: ['lit', 'lit/*', 'lit-html', 'lit-html/*', 'lit-element', 'lit-element/*', '@lit/reactive-element', '@lit/reactive-element/*'],
      define: {'process.env.NODE_ENV': '"production"'},
      logLevel: 'warning',
    });
    const {initial, onDemand} = splitOutputs(result);
    return {initial: initial.map(output => output.text), onDemand: onDemand.map(output => output.text)};
  }

  after(() => {
    if (scratch) rmSync(scratch, {recursive: true, force: true});
  });

  test('the tarball ships the built files, types, custom-elements.json and sources, and no tests or benchmarks', () => {
    for (const expected of [
      'package.json',
      'README.md',
      'LICENSE',
      'custom-elements.json',
      'dist/esm/index.js',
      'dist/esm/lit/index.js',
      'dist/esm/components/index.js',
      'dist/esm/components/provider.js',
      'dist/types/src/index.d.ts',
      'dist/types/components/provider.d.ts',
      'dist/cdn/data-elements.js',
      'dist/cdn/data-elements.development.js',
      'dist/cdn/modules/autoload.js',
      'dist/cdn/modules/index.js',
      'dist/cdn/modules/.vite/manifest.json',
      'dist/esm/components/autoload.js',
      'dist/types/components/autoload.d.ts',
      'dist/development/index.js',
      'dist/development/lit/index.js',
      'dist/development/components/provider.js',
      'src/index.ts',
      'components/provider.ts',
    ]) {
      assert.ok(files.includes(expected), `${expected} is in the tarball`);
    }
    const stray = files.filter(file => /^(test|bench|demo|scripts|examples|site|docs)\//.test(file) || file.endsWith('.test.ts'));
    assert.deepEqual(stray, [], 'no tests, benchmarks, demo or scripts');
  });

  test('the npm build is readable: a module per source file, not minified, Lit left to the app', () => {
    const esm = join(scratch, 'node_modules', 'lit-data-elements', 'dist', 'esm');
    const controller = readFileSync(join(esm, 'core', 'controller.js'), 'utf8');
    // Names and lines as written: a minified file would be a few long lines of short names.
    assert.match(controller, /^var Controller = class|^class Controller\b|\bclass Controller \{/m, 'the Controller class keeps its name');
    assert.ok(controller.split('\n').length > 100, 'controller.js keeps its lines');
    assert.match(readFileSync(join(esm, 'lit', 'server-render.js'), 'utf8'), /from "lit"/, 'lit is imported, not bundled');
  });

  test('the CDN file stays under its ceiling', async t => {
    const size = await minGzip(readFileSync(join(ROOT, 'dist/cdn/data-elements.js'), 'utf8'));
    reportAndHold(t, 'the CDN file, Lit inside', size, 'cdnFile');
  });

  test('a page of the CDN modules using <data-provider> and <data-query> stays under its ceiling, and loads no other element', t => {
    // The installed copy: what jsDelivr or unpkg would serve from the published package.
    const {files: loaded, gzip} = cdnModulesPageLoad(join(scratch, 'node_modules/lit-data-elements/dist/cdn/modules'), ['data-query']);
    const sources = loaded.flatMap(file => file.sources);
    assert.ok(sources.includes('components/data-query.ts') && sources.includes('components/data-provider.ts'), 'the page has its elements');
    const others = sources.filter(source => /^components\/(data-resource|data-live|devtools\/)|^src\/(rest|live|persist|sync)\//.test(source));
    assert.deepEqual(others, [], 'nothing of the elements it does not use, REST, live feeds, persistence or tab sync');
    reportAndHold(t, 'the CDN modules page with <data-provider> and <data-query>, Lit inside', gzip, 'cdnQueryPage');
  });

  test('tsc type-checks the app, and an import of every entry point (entries.ts), against the installed package', () => {
    execFileSync(node, [bin('typescript/bin/tsc'), '-p', join(scratch, 'esbuild', 'tsconfig.json')], {stdio: 'inherit'});
  });

  test('Vite builds the app, without the template layer, within its size ceiling', async t => {
    const dir = join(scratch, 'vite');
    execFileSync(node, [bin('vite/bin/vite.js'), 'build'], {cwd: dir, stdio: ['ignore', 'ignore', 'inherit']});
    // What the page loads first: the entry script and the chunks Vite preloads with it.
    const page = readFileSync(join(dir, 'dist/index.html'), 'utf8');
    const first = new Set([...page.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(match => match[1]!));
    const assets = readdirSync(join(dir, 'dist/assets')).filter(file => file.endsWith('.js'));
    const read = (file: string) => readFileSync(join(dir, 'dist/assets', file), 'utf8');
    const initial = assets.filter(file => first.has(file)).map(read);
    const onDemand = assets.filter(file => !first.has(file)).map(read);
    assert.ok(initial.length > 0, 'the page names its scripts');
    await holdApp(t, 'the Vite app bundle, Lit excluded', initial, onDemand);
  });

  test('esbuild builds the app, without the template layer, within its size ceiling', async t => {
    const {initial, onDemand} = await bundleApp([]);
    await holdApp(t, 'the esbuild app bundle, Lit excluded', initial, onDemand);
  });

  test('the development export condition gives the development build, with its messages', async t => {
    const development = (await bundleApp(['development'])).initial.join('\n');
    assert.match(development, DEV_MESSAGE, 'the development build reports');
    const sizes = [development, (await bundleApp([])).initial.join('\n')].map(code => gzipSync(code, {level: 9}).length);
    t.diagnostic(`the esbuild app bundle: development ${(sizes[0]! / 1024).toFixed(2)} kB, production ${(sizes[1]! / 1024).toFixed(2)} kB min+gzip without Lit`);
  });
});
