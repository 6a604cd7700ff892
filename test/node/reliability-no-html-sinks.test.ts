// Security of rendering: no HTML sink anywhere response data could reach.
// Scans the sources (src/, components/) and the built output: a fresh `vite build` (ESM and CDN,
// into a temporary directory, so the check never depends on a stale dist/), and dist/ when it
// exists (the library part of what `npm pack` would ship: dist/esm and dist/cdn).
//
// Forbidden: assigning `innerHTML` / `outerHTML` (also as a lit `.innerHTML=${}` binding),
// `insertAdjacentHTML`, lit's `unsafeHTML` / `unsafeSVG`, `document.write`, `setHTMLUnsafe`,
// `createContextualFragment`, `DOMParser.parseFromString`, and in our own code `eval` and
// `new Function`. The one allowed sink in a bundle is lit-html's own: it writes each template's
// static strings into a fresh `<template>` element (never data: values go through parts).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {viteBuild} from './helpers/vite-build.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Sink {
  readonly name: string;
  readonly pattern: RegExp;
  /** Only in our own sources (Lit and other dependencies in a bundle may use them for their own code). */
  readonly sourceOnly?: boolean;
}

const SINKS: readonly Sink[] = [
  {name: 'innerHTML assignment', pattern: /\.innerHTML\s*\+?=(?!=)/g},
  {name: 'outerHTML assignment', pattern: /\.outerHTML\s*\+?=(?!=)/g},
  {name: 'insertAdjacentHTML', pattern: /\binsertAdjacentHTML\b/g},
  {name: "lit's unsafeHTML", pattern: /\bunsafeHTML\b|unsafe-html\.js/g},
  {name: "lit's unsafeSVG", pattern: /\bunsafeSVG\b|unsafe-svg\.js/g},
  {name: 'document.write', pattern: /\bdocument\.write(?:ln)?\s*\(/g},
  {name: 'setHTMLUnsafe', pattern: /\bsetHTMLUnsafe\s*\(/g},
  {name: 'createContextualFragment', pattern: /\bcreateContextualFragment\s*\(/g},
  {name: 'DOMParser.parseFromString', pattern: /\bparseFromString\s*\(/g},
  {name: 'eval', pattern: /(?<![\w.$])eval\s*\(/g, sourceOnly: true},
  {name: 'new Function', pattern: /\bnew\s+Function\s*\(/g, sourceOnly: true},
];

/**
 * lit-html's template preparation: `createElement('template'); ...; el.innerHTML = strings`
 * (minified: `return n.innerHTML=e,n`; Lit's development build, in the development CDN file:
 * `const el = d.createElement("template"); el.innerHTML = html;`).
 */
const LIT_TEMPLATE_SINK = /createElement\(\s*[`'"]template[`'"]\s*\)\s*;?\s*(?:return\s+)?[\w$]+\.innerHTML\s*=$/;

interface Finding {
  file: string;
  line: number;
  sink: string;
  text: string;
}

/** Blanks out comments, keeping line numbers, so that prose about a sink is not a finding. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/[^\n]*/g, (match, prefix: string | undefined) =>
    match.startsWith('/*') ? match.replace(/[^\n]/g, ' ') : `${prefix ?? ''}${' '.repeat(match.length - (prefix ?? '').length)}`,
  );
}

function scan(file: string, text: string, kind: 'source' | 'bundle'): Finding[] {
  const findings: Finding[] = [];
  const body = kind === 'source' ? withoutComments(text) : text;
  for (const sink of SINKS) {
    if (sink.sourceOnly && kind === 'bundle') continue;
    for (const match of body.matchAll(sink.pattern)) {
      const at = match.index ?? 0;
      if (kind === 'bundle' && sink.name === 'innerHTML assignment') {
        const before = body.slice(Math.max(0, at - 120), at + match[0].length);
        if (LIT_TEMPLATE_SINK.test(before)) continue;
      }
      const line = body.slice(0, at).split('\n').length;
      const start = Math.max(0, at - 60);
      findings.push({file, line, sink: sink.name, text: body.slice(start, at + 60).replace(/\s+/g, ' ')});
    }
  }
  return findings;
}

function files(dir: string, extensions: readonly string[]): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, extensions));
    else if (extensions.some(ext => name.endsWith(ext)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function scanTree(dir: string, extensions: readonly string[], kind: 'source' | 'bundle'): {count: number; findings: Finding[]} {
  const list = files(dir, extensions);
  return {count: list.length, findings: list.flatMap(file => scan(relative(ROOT, file), readFileSync(file, 'utf8'), kind))};
}

function report(findings: readonly Finding[]): string {
  return findings.map(f => `${f.file}:${f.line}: ${f.sink}: …${f.text}…`).join('\n');
}

test('the scanner finds each sink it looks for (and skips comments and Lit’s template sink)', () => {
  const sample = [
    'el.innerHTML = data.title;',
    'el.innerHTML += data.title;',
    'html`<p .innerHTML=${data.title}></p>`;',
    'node.outerHTML = x;',
    'el.insertAdjacentHTML("beforeend", x);',
    "import {unsafeHTML} from 'lit/directives/unsafe-html.js';",
    'unsafeSVG(x);',
    'document.write(x);',
    'el.setHTMLUnsafe(x);',
    'range.createContextualFragment(x);',
    'new DOMParser().parseFromString(x, "text/html");',
    'eval(x);',
    'new Function(x);',
  ].join('\n');
  const found = new Set(scan('sample.ts', sample, 'source').map(f => f.sink));
  assert.deepEqual([...found].sort(), SINKS.map(s => s.name).sort());
  assert.deepEqual(scan('sample.ts', '// el.innerHTML = x\n/* document.write(x) */\nconst same = a.innerHTML === b;\nconst src = t.innerHTML;', 'source'), []);
  assert.deepEqual(scan('x.ts', "const u = 'https://x.test'; el.innerHTML = u;", 'source').length, 1, 'a URL in a string is not a comment');
  assert.deepEqual(scan('b.js', 'static createElement(e,t){let n=A.createElement(`template`);return n.innerHTML=e,n}', 'bundle'), []);
  assert.equal(scan('b.js', 'let n=A.createElement(`div`);n.innerHTML=e', 'bundle').length, 1);
  assert.deepEqual(scan('b.js', 'static createElement(html, _options) { const el = d.createElement("template"); el.innerHTML = html; return el; }', 'bundle'), []);
});

test('sources: no HTML sink in src/ or components/', () => {
  const src = scanTree(join(ROOT, 'src'), ['.ts'], 'source');
  const components = scanTree(join(ROOT, 'components'), ['.ts'], 'source');
  assert.ok(src.count > 20 && components.count > 3, 'the trees were found');
  assert.deepEqual([...src.findings, ...components.findings], [], report([...src.findings, ...components.findings]));
});

test('built output: a fresh vite build (ESM and CDN) has no HTML sink but Lit’s own template one', {timeout: 120_000}, async t => {
  const out = mkdtempSync(join(tmpdir(), 'data-elements-sinks-'));
  try {
    const started = performance.now();
    await Promise.all([
      viteBuild(ROOT, ['--outDir', join(out, 'esm'), '--emptyOutDir']),
      viteBuild(ROOT, ['--mode', 'cdn', '--outDir', join(out, 'cdn'), '--emptyOutDir']),
    ]);
    const esm = scanTree(join(out, 'esm'), ['.js'], 'source');
    const cdn = scanTree(join(out, 'cdn'), ['.js'], 'bundle');
    assert.ok(esm.count > 10, `the ESM build has its modules (${esm.count})`);
    assert.equal(cdn.count, 1, 'the CDN build is one module');
    const cdnText = readFileSync(join(out, 'cdn', 'data-elements.js'), 'utf8');
    assert.ok(LIT_TEMPLATE_SINK.source && /createElement\(`template`\)/.test(cdnText), 'Lit is inside the CDN bundle (the allowlist is exercised)');
    assert.deepEqual([...esm.findings, ...cdn.findings], [], report([...esm.findings, ...cdn.findings]));
    t.diagnostic(`built and scanned ${esm.count + cdn.count} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(out, {recursive: true, force: true});
  }
});

test('dist/ (when present): no HTML sink but Lit’s own template one', t => {
  const dist = join(ROOT, 'dist');
  if (!existsSync(dist)) {
    t.skip('no dist/ (run npm run build)');
    return;
  }
  const esm = scanTree(join(dist, 'esm'), ['.js'], 'source');
  // dist/demo is the demo app (it bundles msw, which parses XML for its XHR mock): not the library.
  const bundles = scanTree(join(dist, 'cdn'), ['.js'], 'bundle').findings;
  const findings = [...esm.findings, ...bundles];
  assert.deepEqual(findings, [], `${report(findings)}\n(dist/ may be stale: run npm run build)`);
});
