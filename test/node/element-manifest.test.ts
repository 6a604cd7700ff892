// Every custom element the package defines is documented in the shipped custom-elements.json
// (the manifest editors and docs read) and typed in HTMLElementTagNameMap, under its own tag
// and class, in the module that defines it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {sourceFiles} from './helpers/module-graph.js';

const ROOT = process.cwd();

interface ManifestDeclaration {
  readonly name: string;
  readonly tagName?: string;
}
interface Manifest {
  readonly modules: readonly {readonly path: string; readonly declarations?: readonly ManifestDeclaration[]}[];
}

/** `[tag, class, module]` of each `defineElement('tag', Class)` call in components/. */
function definedElements(): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const file of sourceFiles(ROOT, ['components'])) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // Calls at the start of a line: the usage examples in doc comments start with ` * `.
    for (const [, tag, name] of text.matchAll(/^defineElement\('([a-z-]+)', (\w+)\);$/gm)) found.push([tag!, name!, file]);
  }
  return found;
}

test('each element the package defines is in custom-elements.json and in HTMLElementTagNameMap', () => {
  const elements = definedElements();
  assert.deepEqual(elements.map(([tag]) => tag).sort(), ['data-boundary', 'data-devtools', 'data-live', 'data-provider', 'data-query', 'data-resource']);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'custom-elements.json'), 'utf8')) as Manifest;
  for (const [tag, name, file] of elements) {
    const declared = manifest.modules.find(module => module.path === file)?.declarations?.find(declaration => declaration.tagName === tag);
    assert.equal(declared?.name, name, `custom-elements.json documents <${tag}> as ${name} in ${file}`);
    const text = readFileSync(join(ROOT, file), 'utf8');
    const tagMap = /interface HTMLElementTagNameMap \{([^}]*)\}/.exec(text)?.[1] ?? '';
    assert.match(tagMap, new RegExp(`'${tag}': ${name};`), `${file} declares <${tag}> in HTMLElementTagNameMap`);
  }
});
