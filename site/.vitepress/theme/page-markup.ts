// The markup of a module example: an example file of examples/ ends with a `// In the page:`
// comment holding the HTML it runs in, so the file shows how it is used. The live examples of
// the site and the consumer tests (test/node/consumer-*.test.ts) put that markup in a page.

/**
 * The lines of the `// In the page:` comment of `source`, without their comment marks.
 *
 * @example
 * ```ts
 * pageMarkup('examples/x.ts', "customElements.define('x-y', XY);\n// In the page:\n//   <x-y></x-y>\n"); // '  <x-y></x-y>'
 * ```
 */
export function pageMarkup(file: string, source: string): string {
  const lines = source.split('\n');
  const start = lines.findIndex(line => /^\/\/\s*In the page:\s*$/.test(line));
  if (start < 0) throw new Error(`${file} has no "// In the page:" comment holding its markup`);
  const markup = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('//')) break;
    markup.push(line.replace(/^\/\/ ?/, ''));
  }
  return markup.join('\n');
}
