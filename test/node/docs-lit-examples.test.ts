// The Lit code the documentation shows works whatever the reader's compiler settings are
// (docs/setup.md): no decorators, which Vite 8 leaves unbuilt under TypeScript's default
// settings and which `experimentalDecorators` changes the meaning of, and no class field
// initializer for a property of `static properties`, which would hide Lit's accessor under
// `useDefineForClassFields` (TypeScript's default from ES2022). The code blocks of the README,
// docs/ and the site's own pages are read, and the example files they show. The example files
// are also compiled and run under both settings by test/node/consumer-create-vite.test.ts.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {test} from 'node:test';
import {ROOT} from '../../scripts/pack-package.mjs';

/** Markdown files of the README, docs/ and the site's own pages (not the generated references). */
function markdownFiles(): string[] {
  const site = readdirSync(join(ROOT, 'site'), {recursive: true, encoding: 'utf8'})
    .filter(file => file.endsWith('.md') && !/^(reference|\.vitepress)\//.test(file))
    .map(file => `site/${file}`);
  const docs = readdirSync(join(ROOT, 'docs')).filter(file => file.endsWith('.md')).map(file => `docs/${file}`);
  return ['README.md', ...docs, ...site];
}

/** The TypeScript and JavaScript sources to check: fenced blocks of Markdown, and examples/ files. */
function sources(): {where: string; code: string}[] {
  const found: {where: string; code: string}[] = [];
  for (const file of markdownFiles()) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const block of text.matchAll(/^```(?:ts|typescript|js|javascript)\n([\s\S]*?)^```$/gm)) {
      const line = text.slice(0, block.index).split('\n').length;
      found.push({where: `${file}:${line}`, code: block[1]!});
    }
  }
  const examples = join(ROOT, 'examples');
  for (const file of readdirSync(examples, {recursive: true, encoding: 'utf8'}).filter(name => name.endsWith('.ts'))) {
    found.push({where: relative(ROOT, join(examples, file)), code: readFileSync(join(examples, file), 'utf8')});
  }
  return found;
}

/** The top-level keys of the object literal that starts at `code[open]` (a `{`). */
function topLevelKeys(code: string, open: number): string[] {
  // The literal with its nested objects left out: `{name: {attribute: 'x'}, open: {}}` -> `name: , open: `.
  let outer = '';
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const char = code[i]!;
    if (char === '{') depth++;
    if (depth === 1 && char !== '{') outer += char;
    if (char === '}' && --depth === 0) break;
  }
  return [...outer.matchAll(/(?:^|,)\s*(\w+)\s*:/g)].map(match => match[1]!);
}

/** Each problem of one source: a decorator, or an initialized field hiding a declared property. */
export function litCodeProblems(code: string): string[] {
  const problems: string[] = [];
  for (const match of code.matchAll(/^\s*(@\w+)\(/gm)) problems.push(`uses the decorator ${match[1]}()`);
  if (/from 'lit\/decorators(\.js)?'/.test(code)) problems.push(`imports lit/decorators.js`);
  for (const match of code.matchAll(/static (?:override )?properties\s*=\s*\{/g)) {
    // The rest of the class: up to the closing brace at the start of a line.
    const rest = code.slice(match.index);
    const body = rest.slice(0, /^\}/m.exec(rest)?.index ?? rest.length);
    for (const key of topLevelKeys(code, match.index + match[0].length - 1)) {
      const field = new RegExp(`^\\s*(?:(?:private|protected|public|readonly|override)\\s+)*${key}\\??\\s*(?::[^=;\\n]+)?=`, 'm').exec(body);
      if (field) problems.push(`initializes the field ${key}, which hides the accessor of its declared property (use \`declare ${key}\` and set it in the constructor)`);
    }
  }
  return problems;
}

test('finds decorators and initialized property fields, and passes what the examples write', () => {
  assert.deepEqual(litCodeProblems(`class A extends LitElement {\n  @property() name = '';\n}`), ['uses the decorator @property()']);
  assert.deepEqual(litCodeProblems(`import {customElement} from 'lit/decorators.js';\n@customElement('a-b')\nclass A {}`), [
    'uses the decorator @customElement()',
    'imports lit/decorators.js',
  ]);
  assert.equal(litCodeProblems(`class A extends LitElement {\n  static properties = {name: {attribute: 'the-name'}, open: {type: Boolean}};\n  open = false;\n}`).length, 1);
  assert.deepEqual(
    litCodeProblems(
      `class A extends LitElement {\n  static override properties = {name: {attribute: 'the-name'}};\n  declare name: string;\n  constructor() {\n    super();\n    this.name = '';\n  }\n}\n// @ts-expect-error not a decorator`,
    ),
    [],
  );
});

test('the Lit code of the README, docs/, the site and examples/ uses no decorators and hides no property', () => {
  const all = sources();
  assert.ok(all.length > 40, `only ${all.length} code blocks and files found: the test is not reading the docs`);
  const found = all.flatMap(({where, code}) => litCodeProblems(code).map(problem => `${where} ${problem}`));
  assert.deepEqual(found, []);
});
