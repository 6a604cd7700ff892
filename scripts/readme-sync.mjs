// Keeps the example and include blocks of the README and of docs/*.md equal to the files they show.
// `<!-- example: path -->` is followed by a ```ts block holding that file, with the
// repository-relative imports written as package imports; `<!-- include: path -->` is
// followed by the Markdown file itself up to `<!-- /include -->`.
// `node scripts/readme-sync.mjs` rewrites those files; `--check` exits 1 when one is stale
// (test/node/readme-sync.test.ts runs the check).
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';

/**
 * Repository imports as a user of the package writes them. `up` is the way from the file's
 * folder to the repository root: `..` for examples/ and test/ (the default), `../..` for
 * test/node/ (the documentation site shows files from all three).
 */
export function asPackageImports(source, up = '..') {
  const root = up.replace(/[./]/g, c => `\\${c}`);
  return source
    .replace(new RegExp(`from '${root}/src/lit/index\\.js'`, 'g'), "from 'lit-data-elements/lit'")
    .replace(new RegExp(`from '${root}/src/index\\.js'`, 'g'), "from 'lit-data-elements'")
    .replace(new RegExp(`from '${root}/src/(refresh|pagination|snapshots|live|persist|sync|signals|offline)/index\\.js'`, 'g'), "from 'lit-data-elements/$1'")
    .replace(new RegExp(`import '${root}/components/[\\w-]+\\.js';\\n`, 'g'), '')
    .replace(/^(import \{[^}]*\} from 'lit-data-elements\/lit';\n)/m, "$1import 'lit-data-elements/elements';\n");
}

/** The README with every block rebuilt from its file. */
export function syncReadme(readme, read = path => readFileSync(path, 'utf8')) {
  const withExamples = readme.replace(
    /<!-- example: (\S+) -->\n(?:\n?```ts\n[\s\S]*?\n```\n)?/g,
    (_all, path) => `<!-- example: ${path} -->\n\n\`\`\`ts\n${asPackageImports(read(path)).trimEnd()}\n\`\`\`\n`,
  );
  return withExamples.replace(
    /<!-- include: (\S+) -->\n(?:[\s\S]*?<!-- \/include -->\n)?/g,
    (_all, path) => `<!-- include: ${path} -->\n${read(path).trimEnd()}\n<!-- /include -->\n`,
  );
}

/** The files that hold sync blocks: the README and the guides in docs/. */
export function syncedFiles() {
  return ['README.md', ...readdirSync('docs').filter(name => name.endsWith('.md')).map(name => `docs/${name}`)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stale = [];
  for (const file of syncedFiles()) {
    const text = readFileSync(file, 'utf8');
    const synced = syncReadme(text);
    if (synced === text) continue;
    stale.push(file);
    if (!process.argv.includes('--check')) writeFileSync(file, synced);
  }
  if (process.argv.includes('--check') && stale.length > 0) {
    console.error(`${stale.join(', ')} out of date with examples/ or docs/: run node scripts/readme-sync.mjs`);
    process.exit(1);
  }
}
