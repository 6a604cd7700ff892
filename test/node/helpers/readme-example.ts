// The README's Lit example as a reader copies it: the code block under its
// `<!-- example: examples/lit-todo-list.ts -->` marker (package imports, as
// scripts/readme-sync.mjs writes it), and the page markup of its closing comment.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {pageMarkup} from '../../../site/.vitepress/theme/page-markup.js';
import {ROOT} from '../../../scripts/pack-package.mjs';

const MARKER = '<!-- example: examples/lit-todo-list.ts -->';

/** The README's Lit component (a whole module) and the markup of the page it runs in. */
export function readmeLitExample(): {source: string; markup: string} {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = new RegExp(`${MARKER}\\n\\n\`\`\`ts\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(readme);
  if (!block) throw new Error(`README.md has no ts block under ${MARKER}`);
  const source = `${block[1]}\n`;
  return {source, markup: pageMarkup('README.md', source)};
}
