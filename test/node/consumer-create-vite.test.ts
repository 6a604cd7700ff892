// The README's Lit example in the project a new user starts from: `npm create vite` (create-vite
// 9.3.0) with its `vanilla-ts` template (TypeScript's defaults: standard decorators, class fields
// defined) and its `lit-ts` template (`experimentalDecorators`, `useDefineForClassFields: false`),
// each with the packed package installed as the README says. The example replaces the
// template's entry module, its page markup the template's body; the template's own
// `npm run build` (`tsc && vite build`) builds it, and Chromium shows the page against a small
// todo API on 127.0.0.1. The other example modules of examples/ (shown in docs/) go in src/ too,
// so the template's `tsc` checks them under its settings: TypeScript 7 and its strict lint
// options. A part of `npm test` of its own (scripts/test.mjs).
//   node --import tsx --test test/node/consumer-create-vite.test.ts   (KEEP_SCRATCH=1 keeps the projects)
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {chromium, type Browser} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium} from '../../scripts/chromium.mjs';
import {packPackage, ROOT} from '../../scripts/pack-package.mjs';
import {asPackageImports} from '../../scripts/readme-sync.mjs';
import {expectTodosShown, serveApp} from './helpers/consumer-page.js';
import {readmeLitExample} from './helpers/readme-example.js';
import {npmInstall} from './helpers/scratch-project.js';

const CREATE_VITE = 'create-vite@9.3.0';

/**
 * The versions the templates' ranges resolved to when this test was written (create-vite 9.3.0:
 * `vite: ^8.3.4`, `typescript: ~7.0.2`, `lit: ^3.3.3`), installed exactly so that a later
 * release cannot change what the test checks.
 */
const PINNED: Record<string, string> = {vite: '8.3.8', typescript: '7.0.2', lit: '3.3.3'};

/** The @lit-labs/signals this repository develops with (its devDependency). */
const SIGNALS_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {devDependencies: Record<string, string>}).devDependencies['@lit-labs/signals']!;

interface Template {
  readonly name: 'vanilla-ts' | 'lit-ts';
  /** The ranges the template's package.json holds (checked, so a changed template is noticed). */
  readonly ranges: Record<string, string>;
  /** The module index.html loads, which the example replaces. */
  readonly entry: string;
  /** The template's markup in the body, which the example's page markup replaces. */
  readonly body: RegExp;
}

const TEMPLATES: readonly Template[] = [
  {name: 'vanilla-ts', ranges: {typescript: '~7.0.2', vite: '^8.3.4'}, entry: 'src/main.ts', body: /<div id="app"><\/div>/},
  {name: 'lit-ts', ranges: {lit: '^3.3.3', typescript: '~7.0.2', vite: '^8.3.4'}, entry: 'src/my-element.ts', body: /<my-element>[\s\S]*<\/my-element>/},
];

describe('the README’s Lit example in a new Vite + TypeScript project', {timeout: 600_000}, () => {
  let scratch = '';
  let tarball = '';
  let browser: Browser | undefined;

  before(
    async () => {
      ensureChromium();
      scratch = mkdtempSync(join(tmpdir(), 'lit-data-elements-create-vite-'));
      tarball = packPackage(scratch).tarball;
      browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true});
    },
    {timeout: 600_000},
  );

  after(async () => {
    await browser?.close();
    if (scratch && !process.env.KEEP_SCRATCH) rmSync(scratch, {recursive: true, force: true});
  });

  for (const template of TEMPLATES) {
    test(`create-vite's ${template.name} template builds it with its own settings, and the page shows the todos`, async () => {
      const dir = join(scratch, template.name);
      execFileSync('npm', ['exec', '--yes', '--', CREATE_VITE, template.name, '--template', template.name, '--no-interactive'], {
        cwd: scratch,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies: Record<string, string>;
      };
      assert.deepEqual({...manifest.dependencies, ...manifest.devDependencies}, template.ranges, `${CREATE_VITE}'s ${template.name} template`);
      const pin = (ranges: Record<string, string> = {}) => Object.fromEntries(Object.keys(ranges).map(name => [name, PINNED[name]!]));
      manifest.dependencies = pin(manifest.dependencies);
      manifest.devDependencies = pin(manifest.devDependencies);
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
      // What the README's Install section says: the tarball, and lit; and @lit-labs/signals, the
      // optional peer that the signals example (among the example modules below) uses.
      npmInstall(dir, tarball, `lit@${PINNED.lit}`, `@lit-labs/signals@${SIGNALS_VERSION}`);

      const {source, markup} = readmeLitExample();
      writeFileSync(join(dir, template.entry), source);
      const page = readFileSync(join(dir, 'index.html'), 'utf8');
      assert.match(page, template.body, 'the template’s page has the markup the example replaces');
      writeFileSync(join(dir, 'index.html'), page.replace(template.body, markup));
      mkdirSync(join(dir, 'src/examples'));
      for (const file of readdirSync(join(ROOT, 'examples')).filter(name => name.endsWith('.ts') && name !== 'lit-todo-list.ts')) {
        writeFileSync(join(dir, 'src/examples', file), asPackageImports(readFileSync(join(ROOT, 'examples', file), 'utf8')));
      }
      try {
        execFileSync('npm', ['run', 'build'], {cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
      } catch (error) {
        const {stdout, stderr} = error as {stdout: string; stderr: string};
        assert.fail(`npm run build (tsc && vite build) failed in the ${template.name} project:\n${stdout}\n${stderr}`);
      }

      const app = await serveApp(join(dir, 'dist'));
      try {
        await expectTodosShown(browser!, `${app.origin}/`);
      } finally {
        await app.close();
      }
    });
  }
});
