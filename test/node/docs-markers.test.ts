// The documentation site's generators, without a build: the markers that pull README
// sections, docs/*.md and example files into pages (site/.vitepress/markers.ts), and the
// elements reference written from a custom-elements manifest (scripts/docs-elements.mjs), and
// the theme's Vue components compiled as the dev server compiles them.
// test/node/docs-site.test.ts checks the built site as a whole.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {compileTemplate, parse} from 'vue/compiler-sfc';
import {expandMarkers, headingSlug, pagesOfFiles, type MarkerOptions} from '../../site/.vitepress/markers.js';
// @ts-expect-error plain ESM script without types
import {elementPage, escapeProse} from '../../scripts/docs-elements.mjs';

/** A throwaway repository: files by path; the site lives in `site/`. */
function repository(files: Record<string, string>): {options: MarkerOptions; done(): void} {
  const root = mkdtempSync(join(tmpdir(), 'docs-markers-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), {recursive: true});
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'site'), {recursive: true});
  return {
    options: {root, siteDir: join(root, 'site'), sourceUrl: 'https://example.test/repo/blob/main'},
    done: () => rmSync(root, {recursive: true, force: true}),
  };
}

const README = [
  '# Product',
  '',
  '## Guide',
  '',
  'Intro, see [the numbers](BENCHMARKS.md) and [the code](src/index.ts#L3).',
  '',
  '### Queries',
  '',
  'Queries read the cache.',
  '',
  '```sh',
  '# not a heading',
  '```',
  '',
  '#### Counting',
  '',
  'A count of 0 is a value.',
  '',
  '### Invalidation',
  '',
  'Gone.',
  '',
  '<!-- example: examples/a.ts -->',
  '',
  '```ts',
  'old copy',
  '```',
  '',
  '## Other',
  '',
].join('\n');

test('headings are found by the slug of their text', () => {
  assert.equal(headingSlug(' `<data-provider>`'), 'data-provider');
  assert.equal(headingSlug(' Endpoints and resources'), 'endpoints-and-resources');
});

test('a section is its heading up to the next heading of its level, moved to sit below the page heading', () => {
  const repo = repository({'README.md': README});
  try {
    const page = '---\ntitle: Q\n---\n\n# Reading\n\n<!-- include: README.md#queries -->\n';
    const out = expandMarkers(page, 'guide/q.md', repo.options, new Map());
    assert.match(out, /^## Queries$/m);
    assert.match(out, /^### Counting$/m);
    assert.match(out, /^# not a heading$/m, 'a # line inside a fence stays as it is');
    assert.doesNotMatch(out, /Invalidation/);
  } finally {
    repo.done();
  }
});

test('shallow stops at the first subsection; level= and heading= set the first heading', () => {
  const repo = repository({'README.md': README});
  try {
    const out = expandMarkers('<!-- include: README.md#queries shallow level=1 heading="Reading the cache" -->', 'p.md', repo.options, new Map());
    assert.equal(out, '# Reading the cache\n\nQueries read the cache.\n\n```sh\n# not a heading\n```');
  } finally {
    repo.done();
  }
});

test('included links lead to the page that shows their file, else to the repository', () => {
  const repo = repository({'README.md': README, 'BENCHMARKS.md': '# Benchmarks\n', 'site/quality/performance.md': '<!-- include: BENCHMARKS.md -->\n'});
  try {
    const pages = pagesOfFiles(repo.options.siteDir);
    assert.deepEqual([...pages], [['BENCHMARKS.md', '/quality/performance.md']]);
    const out = expandMarkers('<!-- include: README.md#guide shallow -->', 'p.md', repo.options, pages);
    assert.match(out, /\[the numbers\]\(\/quality\/performance\.md\)/);
    assert.match(out, /\[the code\]\(https:\/\/example\.test\/repo\/blob\/main\/src\/index\.ts#L3\)/);
  } finally {
    repo.done();
  }
});

test('the README’s own example blocks come along, without their sync markers', () => {
  const repo = repository({'README.md': README});
  try {
    const out = expandMarkers('<!-- include: README.md#invalidation -->', 'p.md', repo.options, new Map());
    assert.doesNotMatch(out, /<!--/);
    assert.match(out, /```ts\nold copy\n```/);
  } finally {
    repo.done();
  }
});

test('an example is its file as a code block with package imports; a live one also runs', () => {
  const source = "import {Entity} from '../src/index.js';\nimport '../components/data-provider.js';\nexport class A extends Entity {}\n";
  const repo = repository({'examples/a.ts': source, 'examples/b.html': '<data-provider></data-provider>\n'});
  try {
    assert.equal(
      expandMarkers('<!-- example: examples/a.ts -->', 'p.md', repo.options, new Map()),
      "```ts\nimport {Entity} from 'lit-data-elements';\nexport class A extends Entity {}\n```",
    );
    assert.equal(
      expandMarkers('<!-- live: examples/b.html expect="a <b> & c" -->', 'p.md', repo.options, new Map()),
      '<LiveExample file="examples/b.html" expect="a &lt;b> &amp; c">\n\n```html\n<data-provider></data-provider>\n```\n\n</LiveExample>',
    );
  } finally {
    repo.done();
  }
});

test('a marker naming a missing file or section fails, naming the page and the file', () => {
  const repo = repository({'README.md': README});
  try {
    assert.throws(() => expandMarkers('<!-- include: docs/gone.md -->', 'guide/x.md', repo.options, new Map()), /site\/guide\/x\.md: .*docs\/gone\.md/);
    assert.throws(() => expandMarkers('<!-- include: README.md#nowhere -->', 'guide/x.md', repo.options, new Map()), /README\.md has no heading "#nowhere"/);
    assert.throws(() => expandMarkers('<!-- include: README.md#queries level=9 -->', 'guide/x.md', repo.options, new Map()), /level=9/);
  } finally {
    repo.done();
  }
});

test('markers inside a fenced block are shown, not expanded', () => {
  const repo = repository({});
  try {
    const page = '```md\n<!-- include: docs/none.md -->\n```';
    assert.equal(expandMarkers(page, 'p.md', repo.options, new Map()), page);
  } finally {
    repo.done();
  }
});

test('element pages keep markup and template syntax as text, and pipes inside table cells', () => {
  assert.equal(escapeProse('A `<b>` and <b> and {{ x }}'), 'A `<b>` and &lt;b> and <span v-pre>{{</span> x }}');
  const page: string = elementPage(
    {
      name: 'DataThing',
      tagName: 'data-thing',
      description: 'Shows <things>.',
      attributes: [{name: 'mode', fieldName: 'mode', type: {text: "'a' | 'b'"}, description: 'Either\nway.'}],
      members: [
        {kind: 'field', name: 'mode', type: {text: "'a' | 'b'"}, attribute: 'mode'},
        {kind: 'field', name: 'secret', privacy: 'private'},
        {kind: 'method', name: 'go', parameters: [{name: 'n', optional: true, type: {text: 'number'}}], return: {type: {text: 'void'}}},
      ],
      events: [{name: 'data-done', type: {text: 'CustomEvent'}, description: 'Done.'}],
      slots: [{name: '', description: 'Content.'}],
    },
    {path: 'components/data-thing.ts'},
    3,
  );
  assert.match(page, /^title: "`<data-thing>`"$/m);
  assert.match(page, /Shows &lt;things>\./);
  assert.match(page, /\| `mode` \| `mode` \| `'a' \\\| 'b'` \|  \| Either way\. \|/);
  assert.doesNotMatch(page, /secret/);
  assert.match(page, /go\(n\?: number\): void/);
  assert.match(page, /\| `data-done` \| `CustomEvent` \| Done\. \|/);
  assert.match(page, /\| \(default\) \| Content\. \|/);
  assert.match(page, /## CSS parts\n\nNone\./);
});

test('the theme’s Vue components compile without a warning (the dev server prints each on every page)', () => {
  const theme = join(process.cwd(), 'site/.vitepress/theme');
  const components = readdirSync(theme).filter(name => name.endsWith('.vue'));
  assert.ok(components.length > 0, 'no .vue file found in site/.vitepress/theme');
  for (const name of components) {
    const filename = join(theme, name);
    const {descriptor, errors} = parse(readFileSync(filename, 'utf8'), {filename});
    assert.deepEqual(errors, [], `${name} parses`);
    // Warnings such as an element nested where HTML does not allow it come back as tips.
    const {errors: compileErrors, tips} = compileTemplate({source: descriptor.template?.content ?? '', filename, id: name});
    assert.deepEqual([...compileErrors.map(String), ...tips], [], `${name} compiles cleanly`);
  }
});
