// The site's pages hold little text of their own: they pull it from the files the README is
// made of and from the code that the tests run, so nothing is written twice. Three markers,
// each alone on a line, are expanded before VitePress parses a page:
//
//   <!-- include: docs/reliability.md -->             a whole Markdown file
//   <!-- include: README.md#queries -->               one section: that heading up to the next
//                                                     heading of its level or above
//   <!-- include: README.md#the-controller shallow --> the section without its subsections
//   <!-- example: examples/transforms.ts -->          a file as a code block
//   <!-- live: examples/todo-list.html expect="…" --> a file as a code block beside the same
//                                                     file running (see theme/LiveExample.vue)
//
// Included headings are moved to sit one level below the page's own last heading (the first
// include of a page with none becomes its title); `level=N` on the marker says it outright,
// and `heading="Text"` renames the included section's first heading.
// Links in included text are resolved from the included file: to the page that includes that
// file whole, else to the file in the repository.
// An include or example whose file or section does not exist fails the build, naming both.
import {readdirSync, readFileSync} from 'node:fs';
import {dirname, extname, join, posix, relative} from 'node:path';
import {asPackageImports} from '../../scripts/readme-sync.mjs';

export interface MarkerOptions {
  /** The repository root (absolute). */
  readonly root: string;
  /** The site's source folder (absolute). */
  readonly siteDir: string;
  /** Where repository files are linked when no page shows them, such as `https://github.com/o/r/blob/main`. */
  readonly sourceUrl: string;
}

const MARKER = /^<!-- (include|example|live): ([^\s#]+)(?:#([\w-]+))?((?: .*?)?) -->$/;
const HEADING = /^(#{1,6})(\s.*)$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

const LANGUAGES: Record<string, string> = {'.ts': 'ts', '.js': 'js', '.mjs': 'js', '.html': 'html', '.json': 'json', '.md': 'md'};

/** The slug a section marker names: the heading's text, lower case, without code ticks or punctuation. */
export function headingSlug(text: string): string {
  return text
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** Calls `visit` for each line outside fenced code blocks, with its index. */
function forEachProseLine(lines: readonly string[], visit: (line: string, index: number) => void): void {
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const open = FENCE.exec(line)?.[1];
    if (fence) {
      if (open && open[0] === fence[0] && open.length >= fence.length && line.trim() === open) fence = undefined;
      return;
    }
    if (open) {
      fence = open;
      return;
    }
    visit(line, index);
  });
}

/** The lines of one section of a Markdown file, from its heading to the next heading of its level or above. */
function section(text: string, slug: string, shallow: boolean, file: string): string {
  const lines = text.split('\n');
  let start = -1;
  let level = 0;
  let end = lines.length;
  forEachProseLine(lines, (line, index) => {
    const heading = HEADING.exec(line);
    if (!heading || end !== lines.length) return;
    const depth = heading[1]!.length;
    if (start < 0) {
      if (headingSlug(heading[2]!) === slug) [start, level] = [index, depth];
    } else if (shallow || depth <= level) {
      end = index;
    }
  });
  if (start < 0) throw new Error(`${file} has no heading "#${slug}"`);
  return lines.slice(start, end).join('\n');
}

/** Moves every heading so that the first one sits at `level`, and renames that one when `title` is given. */
function relevel(text: string, level: number, title: string | undefined): string {
  const lines = text.split('\n');
  let delta: number | undefined;
  forEachProseLine(lines, (line, index) => {
    const heading = HEADING.exec(line);
    if (!heading) return;
    const first = delta === undefined;
    delta ??= level - heading[1]!.length;
    const depth = Math.min(6, Math.max(1, heading[1]!.length + delta));
    lines[index] = '#'.repeat(depth) + (first && title ? ` ${title}` : heading[2]!);
  });
  return lines.join('\n');
}

/** Every Markdown file under `dir`, relative to it. */
function markdownFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), {withFileTypes: true}).flatMap(entry => {
    const path = posix.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') || entry.name === 'public' ? [] : markdownFiles(dir, path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** Repository file -> the site page that includes it whole (`/guide/entities.md`). */
export function pagesOfFiles(siteDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const page of markdownFiles(siteDir)) {
    for (const line of readFileSync(join(siteDir, page), 'utf8').split('\n')) {
      const marker = MARKER.exec(line.trim());
      if (marker?.[1] === 'include' && !marker[3]) pages.set(marker[2]!, `/${page}`);
    }
  }
  return pages;
}

/** A file shown as a code block, with repository imports written as package imports. */
function codeBlock(file: string, source: string): string {
  const language = LANGUAGES[extname(file)] ?? '';
  const up = posix.relative(posix.dirname(file), '.') || '.';
  const code = /\.[cm]?[jt]s$/.test(file) ? asPackageImports(source, up) : source;
  const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`{3,}/g)].map(m => m[0].length + 1)));
  return `${fence}${language}\n${code.trimEnd()}\n${fence}`;
}

/** The `key="value"`, `key=value` and `key` words of a marker. */
function markerAttributes(text: string): Map<string, string> {
  return new Map([...text.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|(\S+)))?/g)].map(m => [m[1]!, m[2] ?? m[3] ?? '']));
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A page's Markdown with its markers expanded. `page` is the page's path inside the site
 * (`guide/queries.md`), for error messages; `pages` comes from `pagesOfFiles`.
 */
export function expandMarkers(markdown: string, page: string, options: MarkerOptions, pages: ReadonlyMap<string, string>): string {
  const read = (file: string) => {
    try {
      return readFileSync(join(options.root, file), 'utf8');
    } catch {
      throw new Error(`site/${page}: the marker names ${file}, which does not exist`);
    }
  };
  const lines = markdown.split('\n');
  const out: string[] = [];
  let ownLevel = 0;
  const replaced = new Map<number, string>();
  forEachProseLine(lines, (line, index) => {
    const heading = HEADING.exec(line);
    if (heading) ownLevel = heading[1]!.length;
    const marker = MARKER.exec(line.trim());
    if (!marker) return;
    const [, kind, file, slug, rest] = marker as unknown as [string, string, string, string | undefined, string];
    const attributes = markerAttributes(rest.trim());
    const source = read(file);
    if (kind === 'include') {
      let text = slug ? section(source, slug, attributes.has('shallow'), file) : source;
      text = withoutReadmeMarkers(text);
      text = relinked(text, file, options, pages);
      const level = Number(attributes.get('level') ?? ownLevel + 1);
      if (!(level >= 1 && level <= 6)) throw new Error(`site/${page}: level=${attributes.get('level')} on the include of ${file} is not 1 to 6`);
      replaced.set(index, relevel(text.trim(), level, attributes.get('heading')));
    } else if (kind === 'example') {
      replaced.set(index, codeBlock(file, source));
    } else {
      const props = [...attributes].map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('');
      replaced.set(index, `<LiveExample file="${escapeAttribute(file)}"${props}>\n\n${codeBlock(file, source)}\n\n</LiveExample>`);
    }
  });
  lines.forEach((line, index) => out.push(replaced.get(index) ?? line));
  return out.join('\n');
}

/** The README's own sync markers (their blocks are already expanded in the text). */
function withoutReadmeMarkers(text: string): string {
  return text.replace(/^<!-- (?:include: \S+|\/include|example: \S+) -->\n/gm, '');
}

/** Relative links of an included file, pointed at the page that shows their target, or at the repository. */
function relinked(text: string, file: string, options: MarkerOptions, pages: ReadonlyMap<string, string>): string {
  return text.replace(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g, (link, target: string, hash = '') => {
    if (/^[a-z][\w+.-]*:|^\//i.test(target)) return link;
    const path = relative(options.root, join(options.root, dirname(file), target)).split('\\').join('/');
    const page = pages.get(path);
    return page ? `](${page}${hash})` : `](${options.sourceUrl}/${path}${hash})`;
  });
}
