// Production builds give our classes' private members short names (scripts/private-names.mjs):
// checked on small projects of known shape, and on the sources as the size report bundles them.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import ts from 'typescript';
import {bundleApp, CONSUMER_APP} from '../../bench/app-bundle.js';
import {ROOT} from '../../bench/report.js';
import {renamePrivateMembers} from '../../scripts/private-names.mjs';

/** A scratch project with a strict tsconfig and these files (paths from its root); removed after `check`. */
function withProject(files: Record<string, string>, check: (root: string) => void): void {
  const root = mkdtempSync(join(tmpdir(), 'private-names-'));
  try {
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({compilerOptions: {target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, experimentalDecorators: true, noEmit: true, types: []}, include: ['src', 'test']}),
    );
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), {recursive: true});
      writeFileSync(join(root, path), text);
    }
    check(root);
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
}

/** The names of a class's members as written in `text`. */
function memberNames(text: string, className: string): string[] {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.ES2022, true);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name?.text === className) {
      for (const member of node.members) {
        if (ts.isConstructorDeclaration(member)) for (const p of member.parameters) names.push(p.name.getText(source));
        else if (member.name) names.push(member.name.getText(source));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

const BASE = `
const tag = (_target: object, _key: string) => {};
export class Base {
  private count = 0;
  @tag private tagged = 1;
  #hidden = 2;
  constructor(private readonly label: string) {}
  private get twice(): number { return this.count * 2; }
  private set twice(value: number) { this.count = value / 2; }
  bump(): string { this.count++; this.twice = this['count'] * 2; return \`\${this.label}\${this.twice}\${this.tagged}\${this.#hidden}\`; }
}
`;
const DERIVED = `
import {Base} from './base.js';
export class Derived extends Base {
  private extra = 1;
  private step(): number { return this.extra++; }
  more(): number { return this.step() + this.bump().length; }
}
`;

test('each private member gets a short name everywhere it is used; a subclass takes names after its base', () => {
  withProject({'src/base.ts': BASE, 'src/derived.ts': DERIVED, 'test/uses.ts': "import {Derived} from '../src/derived.js';\nnew Derived('x').more();\n"}, root => {
    const renamed = renamePrivateMembers(root, {useCache: false});
    const base = renamed.get(join(root, 'src/base.ts'))!.code;
    const derived = renamed.get(join(root, 'src/derived.ts'))!.code;
    // Declaration order: count, label (a parameter property), twice (one name for its two accessors).
    assert.deepEqual(memberNames(base, 'Base'), ['__a', 'tagged', '#hidden', '__b', '__c', '__c', 'bump'], 'decorated and #private members keep their names');
    assert.deepEqual(memberNames(derived, 'Derived'), ['__d', '__e', 'more'], 'after the three names of Base');
    assert.match(base, /this\['__a'\] \* 2/, 'an element access by name is renamed too');
    assert.match(base, /this\.__b\}\$\{this\.__c\}/);
    assert.match(derived, /return this\.__d\+\+/);
    assert.equal(renamed.has(join(root, 'test/uses.ts')), false, 'only src/ and components/ are renamed');
    // The source map leads back to the file as written.
    const {map} = renamed.get(join(root, 'src/base.ts'))!;
    assert.deepEqual(map.sources, [join(root, 'src/base.ts')]);
    assert.deepEqual(map.sourcesContent, [BASE]);
    assert.ok(map.mappings.length > 0);
  });
});

test('a private member a Lit `static properties` names keeps its name (Lit defines its accessor by that name)', () => {
  const element = `
export class E {
  static properties = {open: {}, mode: {state: true, attribute: false}, 'label': {}};
  declare open?: string;
  private declare mode: string;
  private declare label?: string;
  private other = 1;
  read(): string { return \`\${this.open}\${this.mode}\${this.label}\${this.other}\`; }
}
export class G {
  static get properties() { return {kept: {}}; }
  private kept = 1;
  private gone = 2;
  read(): number { return this.kept + this.gone; }
}
`;
  withProject({'src/e.ts': element}, root => {
    const text = renamePrivateMembers(root, {useCache: false}).get(join(root, 'src/e.ts'))!.code;
    assert.deepEqual(memberNames(text, 'E'), ['properties', 'open', 'mode', 'label', '__a', 'read']);
    assert.deepEqual(memberNames(text, 'G'), ['properties', 'kept', '__a', 'read']);
    assert.match(text, /this\.mode\}\$\{this\.label\}\$\{this\.__a\}/);
  });
});

test('a name the sources already use is never given', () => {
  withProject({'src/a.ts': 'export const __a = 1;\nexport class A {\n  private first = __a;\n  private second = 2;\n  sum(): number { return this.first + this.second; }\n}\n'}, root => {
    const text = renamePrivateMembers(root, {useCache: false}).get(join(root, 'src/a.ts'))!.code;
    assert.deepEqual(memberNames(text, 'A'), ['__b', '__c', 'sum']);
  });
});

test('a cache that cannot be written leaves the renaming as it is', () => {
  // node_modules as a file: the cache folder cannot be made under it.
  withProject({'src/a.ts': 'export class A {\n  private value = 1;\n  read(): number { return this.value; }\n}\n', 'node_modules': ''}, root => {
    const text = renamePrivateMembers(root).get(join(root, 'src/a.ts'))!.code;
    assert.deepEqual(memberNames(text, 'A'), ['__a', 'read']);
  });
});

test('sources that do not type-check once renamed stop the build, with the file and line', () => {
  withProject({'src/a.ts': 'export class A {\n  private value = 1;\n  read(): number { return this.value; }\n}\nexport const wrong: string = 1;\n'}, root => {
    assert.throws(() => renamePrivateMembers(root, {useCache: false}), /do not type-check \(1 error\(s\)\):\n {2}src\/a\.ts:5: Type 'number' is not assignable to type 'string'/);
  });
});

test('the size report bundles the production build: the Lit app carries no name of a private member of the core', async () => {
  const files = ['src', 'components'].flatMap(dir =>
    readdirSync(join(ROOT, dir), {withFileTypes: true, recursive: true})
      .filter(entry => entry.isFile() && entry.name.endsWith('.ts'))
      .map(entry => ({path: join(entry.parentPath, entry.name).slice(ROOT.length + 1), text: readFileSync(join(entry.parentPath, entry.name), 'utf8')})),
  );
  const count = (text: string, name: string) => text.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
  const app = await bundleApp(CONSUMER_APP);
  // The private members of the core's classes in the app whose names the sources use nowhere
  // but in their own file, so that the app could only carry them from there.
  const looked: string[] = [];
  for (const {path, text} of files) {
    if (!path.startsWith('src/core/') || !app.inputs.has(path)) continue;
    for (const [, name] of text.matchAll(/^\s+private (?:readonly )?(\w+)/gm)) {
      if (files.some(other => other.path !== path && count(other.text, name!) > 0)) continue;
      looked.push(name!);
      assert.doesNotMatch(app.code, new RegExp(`\\b${name}\\b`), `no ${name} (${path}) in the production bundle`);
    }
  }
  assert.ok(looked.length >= 10, `names looked for: ${looked.join(', ')}`);
});
