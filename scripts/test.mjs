#!/usr/bin/env node
// `npm test`: type check, Node tests, the Vite consumer projects, the docs site check, browser tests
// (all three engines), in that order,
// output streamed live. CI reads the LAST line, which is always `N passed, N failed`
// (plus `, N skipped` when some were skipped), so nothing may print after it.
//   SKIP_BROWSER=1 npm test              -> type check + Node tests only (quick local loop; no
//                                           Vite consumer projects or docs site check, which
//                                           install or build and use Chromium)
//   BROWSERS=firefox npm test            -> pick engines (default chromium,firefox,webkit)
//   npm test -- --files test/foo.test.ts -> extra args go to web-test-runner
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));
const TMP = '.tmp';
mkdirSync(TMP, { recursive: true });
const node = process.execPath;
const total = { passed: 0, failed: 0, skipped: 0 };
const report = []; // lines for the summary block
let interrupted = false;
let group = 0; // pid of the running Node-tests or web-test-runner process, leader of its own group
const RUN_ID = `${process.pid}-${Date.now()}`; // see reapLeftovers()
const RUN_MARK = `DATA_ELEMENTS_TEST_RUN=${RUN_ID}`;
// A hung test must not eat CI's whole time budget: each test part is killed after this.
const PART_TIMEOUT_S = Number(process.env.PART_TIMEOUT_S ?? 900);

// Ctrl-C reaches tsc directly (same process group); the test parts run in groups of their
// own (so a timeout can kill a part with all its children), so forward it there.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = true;
    if (group) try { process.kill(-group, sig); } catch {}
  });
}

/**
 * Runs a command with live output; resolves with its exit code (null if it could not start
 * or was killed). `part: true` gives it its own process group, no stdin (a background group
 * reading the terminal would be stopped; CI has none anyway) and the PART_TIMEOUT_S watchdog.
 */
function run(cmd, args, { part = false, ...opts } = {}) {
  return new Promise(resolve => {
    const child = spawn(cmd, args, {
      stdio: part ? ['ignore', 'inherit', 'inherit'] : 'inherit',
      detached: part,
      ...opts,
    });
    let timer;
    if (part && child.pid) {
      group = child.pid;
      timer = setTimeout(() => {
        console.error(`\ntest.mjs: ${args.join(' ').slice(0, 120)} still running after ${PART_TIMEOUT_S} s: killing it`);
        try { process.kill(-child.pid, 'SIGTERM'); } catch {}
        setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch {} }, 5000).unref();
      }, PART_TIMEOUT_S * 1000);
    }
    child.once('error', e => (console.error(`cannot run ${cmd}: ${e.message}`), resolve(null)));
    child.once('exit', code => {
      clearTimeout(timer);
      group = 0;
      resolve(code);
    });
  });
}

const secs = t0 => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
function count(part, c, t0) {
  for (const k of ['passed', 'failed', 'skipped']) total[k] += c[k] ?? 0;
  const time = t0 ? `  (${secs(t0)})` : '';
  report.push(`${part.padEnd(22)} ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}${time}`);
}
const banner = s => console.log(`\n=== ${s} ===`);

// (a) Type check: the three configs (browser, Node, docs site), all always run so all errors
// show; counts as one test.
async function typecheck() {
  banner('type check');
  const t0 = Date.now();
  const tsc = 'node_modules/typescript/bin/tsc';
  const a = await run(node, [tsc, '--noEmit', '-p', 'tsconfig.json']);
  const b = await run(node, [tsc, '--noEmit', '-p', 'tsconfig.node.json']);
  const c = await run(node, [tsc, '--noEmit', '-p', 'site/tsconfig.json']);
  const ok = a === 0 && b === 0 && c === 0;
  count('type check', { passed: ok ? 1 : 0, failed: ok ? 0 : 1 }, t0);
}

// (b) Node tests. Node 20's --test does not expand globs, so list the files here. The spec
// reporter is for people; a TAP copy goes to a file and its final `# pass`/`# fail` lines are counted.
// The documentation site's check is a part of its own (d): it builds the site, which takes
// longer than one test file may here.
const DOCS_TEST = 'test/node/docs-site.test.ts';
// The README's Lit example in fresh `npm create vite` projects: a part of its own (c), with its
// time in the summary, as it installs two projects and drives Chromium.
const VITE_CONSUMER_TEST = 'test/node/consumer-create-vite.test.ts';
const OWN_PARTS = [DOCS_TEST, VITE_CONSUMER_TEST];

async function nodeTests() {
  const files = existsSync('test/node')
    ? readdirSync('test/node').filter(f => f.endsWith('.test.ts')).sort().map(f => `test/node/${f}`).filter(f => !OWN_PARTS.includes(f))
    : [];
  // One stuck test fails with a message instead of stalling the run until the watchdog.
  await runNodeTests('node tests', files, 120_000);
}

// (c) The README's Lit example built by create-vite's templates: about 45 s on 2 idle cores.
async function viteConsumer() {
  await runNodeTests('vite consumer', existsSync(VITE_CONSUMER_TEST) ? [VITE_CONSUMER_TEST] : [], 600_000);
}

// (d) The documentation site: build, links, every page and live example in Chromium. About
// 80 s of CPU; on a machine shared with other work it has taken 7 minutes, so its limit sits
// just under the part watchdog's.
async function docsSite() {
  await runNodeTests('docs site', existsSync(DOCS_TEST) ? [DOCS_TEST] : [], 840_000);
}

async function runNodeTests(name, files, timeoutMs) {
  banner(name);
  const t0 = Date.now();
  if (!files.length) return void report.push(`${name.padEnd(22)} none found`);
  const tap = join(TMP, `${name.replace(/\W+/g, '-')}.tap`);
  rmSync(tap, { force: true });
  const code = await run(node, [
    '--import', 'tsx', '--test',
    `--test-timeout=${timeoutMs}`,
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`,
    ...files,
  ], { part: true });
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const last = key => Number([...text.matchAll(new RegExp(`^# ${key} (\\d+)$`, 'gm'))].at(-1)?.[1] ?? 0);
  const c = { passed: last('pass'), failed: last('fail') + last('cancelled'), skipped: last('skipped') + last('todo') };
  // A crash (bad flag, tsx missing, runner died) can fail with no failing test: count it.
  if (code !== 0 && c.failed === 0) c.failed = 1;
  count(name, c, t0);
}

// (e) Browser tests: install what is missing, then web-test-runner; counts come from
// scripts/wtr-count-reporter.mjs (a JSON file per run), one line per engine.
async function browserTests() {
  banner('install browsers');
  let t0 = Date.now();
  if ((await run(node, ['scripts/install-browsers.mjs'])) !== 0) {
    return count('install browsers', { passed: 0, failed: 1 }, t0);
  }
  report.push(`install browsers       ok  (${secs(t0)})`);
  if (interrupted) return;
  // test/cdn-page.test.ts loads dist/cdn/data-elements.js: build it when missing or older
  // than its sources (usually the e2e Node test already did). A failed build counts as one
  // failure; the browser tests still run (the CDN test then fails, naming the file).
  banner('CDN build');
  t0 = Date.now();
  if ((await run(node, ['scripts/build-cdn.mjs'])) !== 0) count('CDN build', { passed: 0, failed: 1 }, t0);
  else report.push(`CDN build              ok  (${secs(t0)})`);
  if (interrupted) return;
  banner(`web-test-runner (${process.env.BROWSERS ?? 'chromium,firefox,webkit'})`);
  t0 = Date.now();
  const countFile = join(TMP, 'wtr-counts.json');
  rmSync(countFile, { force: true });
  const wtr = 'node_modules/@web/test-runner/dist/bin.js';
  const code = await run(node, [wtr, ...process.argv.slice(2)], {
    part: true,
    env: { ...process.env, WTR_COUNT_FILE: countFile, DATA_ELEMENTS_TEST_RUN: RUN_ID },
  });
  reapLeftovers();
  let counts = {};
  try { counts = JSON.parse(readFileSync(countFile, 'utf8')); } catch {}
  const sum = { passed: 0, failed: 0, skipped: 0 };
  report.push(`web-test-runner        (${secs(t0)}, engines in parallel)`);
  for (const [browser, c] of Object.entries(counts)) {
    count(`  ${browser}`, c);
    for (const k in sum) sum[k] += c[k];
  }
  if (interrupted) return; // counted once, at the end
  // Runner crashed or failed before reporting (config error, browser did not launch): count it.
  if (code !== 0 && sum.failed === 0) count('  crashed (exit ' + code + ')', { passed: 0, failed: 1 });
  else if (code === 0 && !Object.keys(counts).length) count('  no counts written', { passed: 0, failed: 1 });
}

// Kills whatever web-test-runner started that outlived it (only happens when it dies hard,
// e.g. SIGKILL or OOM). Its process group is not enough: puppeteer starts Chromium and
// Firefox in sessions of their own. Every descendant inherits RUN_MARK in its environment,
// so find them in /proc by that (Linux only, like the rest of this rig).
function reapLeftovers() {
  if (!existsSync('/proc')) return;
  const alive = () => {
    const found = [];
    for (const pid of readdirSync('/proc').filter(d => /^\d+$/.test(d))) {
      try {
        if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(RUN_MARK)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') continue; // dead, awaiting reaping
        found.push({ pid: Number(pid), name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) });
      } catch {} // gone meanwhile, or not ours to read
    }
    return found;
  };
  // Helpers get SIGTERM as web-test-runner exits; give them a moment to go.
  for (let i = 0; i < 30 && alive().length; i++) spawnSync('sleep', ['0.1']);
  const left = alive();
  if (!left.length) return;
  console.warn(`warning: killing processes left by web-test-runner: ${left.map(p => `${p.name}(${p.pid})`).join(' ')}`);
  for (const { pid } of left) try { process.kill(pid, 'SIGKILL'); } catch {}
}

const t0 = Date.now();
const skipBrowser = process.env.SKIP_BROWSER === '1';
const parts = skipBrowser ? [typecheck, nodeTests] : [typecheck, nodeTests, viteConsumer, docsSite, browserTests];
for (const part of parts) {
  if (interrupted) break;
  try {
    await part();
  } catch (e) {
    // A bug in this script must not pass silently.
    console.error(e);
    count(`${part.name} (crashed)`, { passed: 0, failed: 1 });
  }
}
if (skipBrowser) report.push('vite consumer, docs site, browser  skipped (SKIP_BROWSER=1)');
if (interrupted) count('interrupted', { passed: 0, failed: 1 });

console.log(`\n=== summary (${secs(t0)}) ===\n${report.join('\n')}`);
process.exitCode = total.failed > 0 ? 1 : 0;
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
