// The sidebar is read from the folders: every page of a section folder is listed, ordered by
// its front matter `order` (then title), labelled by its `title`. Adding a guide is one file:
// site/guide/NAME.md with `title:` and `order:` at the top.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {DefaultTheme} from 'vitepress';

interface PageInfo {
  readonly link: string;
  readonly title: string;
  readonly order: number;
}

/** The `key: value` lines of a page's front matter (only flat scalars, which is all the sidebar needs). */
export function frontMatter(markdown: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---\n/.exec(markdown)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const match = /^(\w+):\s*(.*)$/.exec(line);
    if (match) fields[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return fields;
}

// A title is Markdown (VitePress reads it so for the page's <title>): a code span shows as its
// text. The sidebar renders its labels as HTML: an element name must stay text.
const asText = (title: string) =>
  title
    .replace(/`([^`]*)`/g, '$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** The pages of `site/<folder>/` (not its index), in sidebar order. */
export function pagesIn(siteDir: string, folder: string): PageInfo[] {
  const dir = join(siteDir, folder);
  if (!existsSync(dir)) throw new Error(`site/${folder}/ does not exist (the references are generated: run npm run docs or npm run docs:build)`);
  return readdirSync(dir)
    .filter(name => name.endsWith('.md') && name !== 'index.md')
    .map(name => {
      const fields = frontMatter(readFileSync(join(dir, name), 'utf8'));
      if (!fields.title) throw new Error(`site/${folder}/${name} needs a "title:" in its front matter (the sidebar label)`);
      return {link: `/${folder}/${name.replace(/\.md$/, '')}`, title: fields.title, order: Number(fields.order ?? 1000)};
    })
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

/** A sidebar group listing the pages of a folder. */
export function group(siteDir: string, folder: string, text: string, extra: Partial<DefaultTheme.SidebarItem> = {}): DefaultTheme.SidebarItem {
  return {text, ...extra, items: pagesIn(siteDir, folder).map(page => ({text: asText(page.title), link: page.link}))};
}

/** The API reference's sidebar, as typedoc-vitepress-theme wrote it. */
export function apiSidebar(siteDir: string): DefaultTheme.SidebarItem[] {
  const file = join(siteDir, 'reference/api/typedoc-sidebar.json');
  if (!existsSync(file)) throw new Error('site/reference/api/ has not been generated: run npm run docs or npm run docs:build');
  return JSON.parse(readFileSync(file, 'utf8')) as DefaultTheme.SidebarItem[];
}
