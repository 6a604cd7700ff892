// The README and the guides in docs/ show examples/*.ts and docs/*.md verbatim (only the imports read as package
// imports): what the tests run is what users read. scripts/readme-sync.mjs rewrites it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {asPackageImports, syncReadme, syncedFiles} from '../../scripts/readme-sync.mjs';

test('README.md and docs/*.md hold every example and included doc as they are in their files', () => {
  const files: string[] = syncedFiles();
  assert.ok(files.includes('docs/optimistic-updates.md'), 'the guides are checked too');
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    assert.equal(syncReadme(text), text, `${file} is stale: run \`node scripts/readme-sync.mjs\``);
  }
});

test('the sync notices an example that changed', () => {
  const readme = '<!-- example: a.ts -->\n\n```ts\nold\n```\n';
  assert.notEqual(syncReadme(readme, () => 'new\n'), readme);
  assert.equal(syncReadme(readme, () => 'old\n'), readme);
});

test('repository imports become package imports', () => {
  const source = "import {Entity} from '../src/index.js';\nimport {useCache} from '../src/lit/index.js';\nimport '../components/data-provider.js';\n";
  assert.equal(asPackageImports(source), "import {Entity} from 'lit-data-elements';\nimport {useCache} from 'lit-data-elements/lit';\nimport 'lit-data-elements/elements';\n");
});

test('the elements reference and the Lit guide list the same features, and the list names every attribute of <data-resource>', () => {
  for (const file of ['docs/elements.md', 'docs/lit.md']) assert.match(readFileSync(file, 'utf8'), /<!-- include: docs\/feature-set\.md -->/, file);
  const table = readFileSync('docs/feature-set.md', 'utf8');
  const attributes = [...readFileSync('components/data-resource.ts', 'utf8').matchAll(/@attr (\S+) -/g)].map(match => match[1]!);
  assert.ok(attributes.length > 10, 'the attributes were read');
  for (const attribute of attributes) assert.ok(table.includes(`\`${attribute}\``), `docs/feature-set.md names \`${attribute}\``);
});
