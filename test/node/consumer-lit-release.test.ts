// The packed package beside an app on an older Lit 3 release than the repository's: an app
// whose lockfile holds the Lit 3.2.0 release set (lit 3.2.0, lit-html 3.2.0, lit-element 4.1.0,
// @lit/reactive-element 2.0.4: the lowest the peer range allows). npm must
// install no Lit of the package's own and no @lit/context (the package speaks the context
// protocol itself), the app's bundle (esbuild, everything inside) must hold one copy of each Lit
// module, that of the app's release, and the README's Lit example must show its data in
// Chromium with it.
//   node --import tsx --test test/node/consumer-lit-release.test.ts
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {build} from 'esbuild';
import {chromium} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium} from '../../scripts/chromium.mjs';
import {packPackage} from '../../scripts/pack-package.mjs';
import {expectTodosShown, serveApp} from './helpers/consumer-page.js';
import {readmeLitExample} from './helpers/readme-example.js';
import {npmInstall, writeProject} from './helpers/scratch-project.js';

/** The app's Lit release set, as its lockfile would hold it. */
const APP_LIT = {'lit': '3.2.0', 'lit-html': '3.2.0', 'lit-element': '4.1.0', '@lit/reactive-element': '2.0.4'};

/**
 * What each Lit module registers once per copy loaded (`(globalThis.litHtmlVersions ??= []).push(version)`),
 * in development and production builds alike: one registration per copy in a bundle.
 */
const REGISTRIES = {'lit-html': 'litHtmlVersions', 'lit-element': 'litElementVersions', '@lit/reactive-element': 'reactiveElementVersions'} as const;

describe('the packed package in an app on the Lit 3.2.0 release', {timeout: 600_000}, () => {
  let scratch = '';
  let bundle = '';

  before(
    async () => {
      ensureChromium();
      scratch = mkdtempSync(join(tmpdir(), 'lit-data-elements-lit-release-'));
      const {tarball} = packPackage(scratch);
      writeProject(scratch, {...APP_LIT, 'lit-data-elements': `file:${tarball}`});
      npmInstall(scratch);
      const {source, markup} = readmeLitExample();
      writeFileSync(join(scratch, 'main.ts'), source);
      const result = await build({
        entryPoints: [join(scratch, 'main.ts')],
        absWorkingDir: scratch,
        bundle: true,
        format: 'esm',
        target: 'es2022',
        outfile: join(scratch, 'dist/main.js'),
        logLevel: 'warning',
      });
      assert.deepEqual(result.errors, []);
      bundle = readFileSync(join(scratch, 'dist/main.js'), 'utf8');
      writeFileSync(join(scratch, 'dist/index.html'), `<!doctype html>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n<script type="module" src="/main.js"></script>\n${markup}\n`);
    },
    {timeout: 600_000},
  );

  after(() => {
    if (scratch) rmSync(scratch, {recursive: true, force: true});
  });

  test('npm installs no Lit of the package’s own: the package uses the app’s', () => {
    const nested = ['lit', 'lit-html', 'lit-element', '@lit/reactive-element', '@lit/context'].filter(name =>
      existsSync(join(scratch, 'node_modules/lit-data-elements/node_modules', name)),
    );
    assert.deepEqual(nested, [], 'copies installed under node_modules/lit-data-elements/node_modules');
    const installed = JSON.parse(readFileSync(join(scratch, 'node_modules/lit/package.json'), 'utf8')) as {version: string};
    assert.equal(installed.version, APP_LIT.lit);
  });

  test('the package needs no @lit/context: npm installs none, and the bundle holds none', () => {
    assert.equal(existsSync(join(scratch, 'node_modules/@lit/context')), false, 'npm installed @lit/context');
    assert.doesNotMatch(bundle, /@lit\/context/);
  });

  test('the bundle holds one copy of each Lit module, the app’s release', () => {
    for (const [name, registry] of Object.entries(REGISTRIES)) {
      const copies = [...bundle.matchAll(new RegExp(`${registry}[^;]*?\\.push\\(\\s*["'\`]([\\d.]+)["'\`]`, 'g'))].map(match => match[1]);
      assert.deepEqual(copies, [APP_LIT[name as keyof typeof REGISTRIES]], `the copies of ${name} in the bundle, by version`);
    }
  });

  test('the README’s Lit example shows its data with that release', async () => {
    const app = await serveApp(join(scratch, 'dist'));
    const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true});
    try {
      await expectTodosShown(browser, `${app.origin}/`);
    } finally {
      await Promise.all([browser.close(), app.close()]);
    }
  });
});
