// The elements reference of the documentation site, written from a custom-elements.json
// (the custom-elements-manifest analyzer's output for components/, see
// custom-elements-manifest.config.mjs): one page per element with its attributes,
// properties, methods, events, slots and CSS parts, and an index. Nothing in it is written
// by hand: the JSDoc of components/*.ts is the source.
//   node scripts/docs-elements.mjs MANIFEST OUT_DIR
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';

/**
 * Markdown text that VitePress (whose pages are Vue templates) shows as written: outside
 * code spans and fenced blocks, `<` would open an element and `{{` an interpolation.
 */
export function escapeProse(markdown) {
  return markdown
    .split(/(^```[\s\S]*?^```$|`+[^`]*`+)/m)
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;').replace(/\{\{/g, '<span v-pre>{{</span>')))
    .join('');
}

/** One table cell: a single line, pipes escaped. */
function cell(text = '') {
  return escapeProse(String(text).replace(/\s*\n\s*/g, ' ')).replace(/\|/g, '\\|');
}

const code = text => (text ? `\`${String(text).replace(/\s*\n\s*/g, ' ')}\``.replace(/\|/g, '\\|') : '');

function table(headers, rows) {
  if (!rows.length) return '';
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map(row => `| ${row.join(' | ')} |`),
  ].join('\n');
}

const isPublic = member => !member.static && (member.privacy ?? 'public') === 'public' && !member.name.startsWith('_');
const inherited = member => (member.inheritedFrom ? ` (from \`${member.inheritedFrom.name}\`)` : '');

function signature(method) {
  const params = (method.parameters ?? []).map(p => `${p.rest ? '...' : ''}${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`);
  return `${method.name}(${params.join(', ')})${method.return?.type?.text ? `: ${method.return.type.text}` : ''}`;
}

/** The Markdown page of one element declaration of the manifest. */
export function elementPage(declaration, module, order) {
  const tag = declaration.tagName;
  const members = declaration.members ?? [];
  const fields = members.filter(m => m.kind === 'field' && isPublic(m));
  const methods = members.filter(m => m.kind === 'method' && isPublic(m));
  const parts = [
    '---',
    // A code span: VitePress reads the title as Markdown and drops a bare `<data-x>` as an HTML
    // tag (the page would be titled with the site's name alone).
    `title: "\`<${tag}>\`"`,
    `order: ${order}`,
    'outline: [2, 3]',
    '---',
    '',
    `# \`<${tag}>\``,
    '',
    `\`${declaration.name}\` in \`${module.path}\`, defined by \`import 'lit-data-elements/elements'\`` +
      (declaration.superclass ? `; extends \`${declaration.superclass.name}\`.` : '.'),
    '',
    escapeProse(declaration.description ?? ''),
  ];
  const sections = [
    [
      'Attributes',
      table(
        ['Attribute', 'Property', 'Type', 'Default', 'Description'],
        (declaration.attributes ?? []).map(a => [code(a.name), code(a.fieldName), code(a.type?.text), code(a.default), cell(a.description) + inherited(a)]),
      ),
    ],
    [
      'Properties',
      table(
        ['Property', 'Attribute', 'Type', 'Default', 'Description'],
        fields.map(f => [code(f.name), code(f.attribute), code(f.type?.text), code(f.default), cell(f.description) + inherited(f)]),
      ),
    ],
    [
      'Methods',
      methods
        .map(m => [`### ${m.name}()`, '', '```ts', signature(m), '```', '', escapeProse(m.description ?? '') + inherited(m)].join('\n'))
        .join('\n\n'),
    ],
    [
      'Events',
      table(
        ['Event', 'Type', 'Description'],
        (declaration.events ?? []).map(e => [code(e.name), code(e.type?.text), cell(e.description) + inherited(e)]),
      ),
    ],
    ['Slots', table(['Slot', 'Description'], (declaration.slots ?? []).map(s => [s.name ? code(s.name) : '(default)', cell(s.description)]))],
    ['CSS parts', table(['Part', 'Description'], (declaration.cssParts ?? []).map(p => [code(p.name), cell(p.description)]))],
  ];
  for (const [title, body] of sections) {
    parts.push('', `## ${title}`, '', body || `None.`);
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

/** Every custom element of the manifest, with its module, sorted by tag. */
export function elementsOf(manifest) {
  return manifest.modules
    .flatMap(module => (module.declarations ?? []).filter(d => d.customElement && d.tagName).map(declaration => ({declaration, module})))
    .sort((a, b) => a.declaration.tagName.localeCompare(b.declaration.tagName));
}

function firstSentence(text = '') {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.match(/^.*?\.(?=\s|$)/)?.[0] ?? flat;
}

export function indexPage(elements) {
  return [
    '---',
    'title: Elements',
    'order: 0',
    '---',
    '',
    '# Elements reference',
    '',
    "Every custom element of `lit-data-elements/elements` (and of the CDN file). These pages are generated from `custom-elements.json`, which the custom-elements-manifest analyzer writes from the JSDoc of `components/*.ts`; editors and tools read the same file (it is `customElements` in `package.json`).",
    '',
    table(
      ['Element', 'What it is'],
      elements.map(({declaration}) => [`[\`<${declaration.tagName}>\`](./${declaration.tagName}.md)`, cell(firstSentence(declaration.description))]),
    ),
    '',
  ].join('\n');
}

/** Writes the index and one page per element into `outDir` (emptied first); returns the tags. */
export function writeElementsReference(manifestPath, outDir) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const elements = elementsOf(manifest);
  if (!elements.length) throw new Error(`${manifestPath} describes no custom element`);
  rmSync(outDir, {recursive: true, force: true});
  mkdirSync(outDir, {recursive: true});
  writeFileSync(join(outDir, 'index.md'), indexPage(elements));
  elements.forEach(({declaration, module}, i) => writeFileSync(join(outDir, `${declaration.tagName}.md`), elementPage(declaration, module, i + 1)));
  return elements.map(e => e.declaration.tagName);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [manifest, out] = process.argv.slice(2);
  if (!manifest || !out) {
    console.error('usage: node scripts/docs-elements.mjs MANIFEST OUT_DIR');
    process.exit(2);
  }
  console.log(`elements reference: ${writeElementsReference(manifest, out).join(', ')} -> ${out}`);
}
