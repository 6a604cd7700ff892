/**
 * Rewrites a copy of a stampino template so that data bound into it can
 * only ever be text:
 *
 * - text bindings `{{ e }}` become `{{ $text((e)) }}`, which renders plain
 *   data (strings, numbers, JSON objects) as text and refuses objects that
 *   pose as lit template results or directives;
 * - URL attribute bindings (`href`, `src`, `action`, `formaction`,
 *   `xlink:href`, … and the `.href`-style property bindings) become one
 *   `{{ $url(n, (e1), (e2)) }}` binding: the whole composed value is checked
 *   and an unsafe one (`javascript:`, `data:`, `vbscript:` …) becomes
 *   `about:blank`;
 * - bindings into HTML or script sinks (`on*` attributes, `srcdoc`,
 *   `.innerHTML`, `.outerHTML`, text inside `<script>`) are removed;
 * - the `data` of a `<template call="…">` keeps the helpers in its scope,
 *   so the called block renders its data the same way.
 *
 * The template itself is trusted like code (its expressions can call
 * functions); only the data is untrusted. The rewrite reaches nested
 * templates (`type="repeat"`, `type="if"`, named blocks) because it runs on
 * the source before stampino parses it.
 */
import {isControlTemplate} from './template-part-positions.js';

/** Names of the scope helpers the rewritten expressions call. */
export const TEXT_HELPER = '$text';
export const URL_HELPER = '$url';
export const SCOPE_HELPER = '$scope';

/** Attributes whose value is a URL that navigates, loads or submits. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'cite',
  'background',
  'ping',
  'codebase',
  'longdesc',
  'manifest',
  'icon',
]);
/** Properties (lower-cased, after stampino's camel-casing) that take such URLs. */
const URL_PROPERTIES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'background', 'ping', 'codebase', 'longdesc']);
/** Properties that parse HTML. */
const HTML_PROPERTIES = new Set(['innerhtml', 'outerhtml', 'srcdoc']);
/** SVG animation attributes that can set another attribute (such as href) to any value. */
const ANIMATION_ELEMENTS = new Set(['animate', 'set', 'animatemotion', 'animatetransform']);
const ANIMATION_VALUES = new Set(['to', 'from', 'values', 'by']);

/** The same delimiters stampino uses: `{{ … }}`, with `\{{` and `\}}` as escapes. Global: use it with `replace`, `split` or `matchAll`. */
export const BINDING = /(?<!\\){{(.*?)(?:(?<!\\)}})/g;
const unescapeMarkers = (s: string) => s.replace(/\\{{/g, '{{').replace(/\\}}/g, '}}');

/**
 * The literal parts of every rewritten URL attribute, by number. Templates
 * are few and prepared once each, so this stays small.
 */
const urlStrings: (readonly string[])[] = [];

/** Joins the literal parts of URL attribute `index` with its values, as lit would. */
export function composeUrl(index: number, values: readonly unknown[]): string | undefined {
  const strings = urlStrings[index];
  if (!strings) return undefined;
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    out += (value === null || value === undefined ? '' : String(value)) + (strings[i + 1] ?? '');
  }
  return out;
}

/**
 * A copy of `template` (nested templates included) with every data binding
 * made safe; the original is left as it is.
 *
 * @example
 * ```ts
 * const safe = guardTemplate(document.querySelector('template')!);
 * prepareTemplate(safe, templateHandlers); // render with the helpers in scope (see prepareSafeTemplate)
 * ```
 */
export function guardTemplate(template: HTMLTemplateElement): HTMLTemplateElement {
  const copy = template.cloneNode(true) as HTMLTemplateElement;
  guardContent(copy.content);
  return copy;
}

function guardContent(content: DocumentFragment): void {
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const nested: HTMLTemplateElement[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      guardText(node as Text);
    } else {
      const element = node as Element;
      guardAttributes(element);
      if (element instanceof HTMLTemplateElement) nested.push(element);
    }
  }
  for (const template of nested) guardContent(template.content);
}

function guardText(node: Text): void {
  const text = node.data;
  if (!text.includes('{{')) return;
  const parent = node.parentElement?.localName;
  if (parent === 'script') {
    // Data never becomes code: a binding inside a script is dropped.
    node.data = text.replace(BINDING, '');
    return;
  }
  node.data = text.replace(BINDING, (match, expression: string) =>
    expression.trim() === '' ? match : `{{ ${TEXT_HELPER}((${expression})) }}`,
  );
}

function guardAttributes(element: Element): void {
  // `<template type=… / name=… / call=…>` attributes are expressions stampino evaluates, not bindings.
  if (isControlTemplate(element)) {
    // A call's `data` becomes the block's whole model: give it the helpers too.
    const data = element.hasAttribute('call') ? element.getAttributeNode('data') : null;
    const match = data ? /^\s*{{(.*)}}\s*$/s.exec(data.value) : null;
    if (data && match && match[1]!.trim() !== '') data.value = `{{ ${SCOPE_HELPER}((${match[1]})) }}`;
    return;
  }
  const tag = element.localName.toLowerCase();
  for (const name of element.getAttributeNames()) {
    const value = element.getAttribute(name)!;
    const parts = value.split(BINDING);
    if (parts.length === 1) continue;
    const kind = classify(name, tag);
    if (kind === 'drop') {
      element.removeAttribute(name);
    } else if (kind === 'url') {
      const strings: string[] = [];
      const expressions: string[] = [];
      for (let i = 0; i < parts.length; i++) {
        if (i % 2 === 0) strings.push(unescapeMarkers(parts[i]!));
        else expressions.push(parts[i]!.trim() === '' ? 'undefined' : `(${parts[i]})`);
      }
      const index = urlStrings.push(strings) - 1;
      // Through the Attr node: setAttribute refuses names such as `.href` in some engines (WebKit).
      element.getAttributeNode(name)!.value = `{{ ${URL_HELPER}(${[index, ...expressions].join(', ')}) }}`;
    }
  }
}

/** How an attribute binding is treated: a URL to check, a sink to drop, or plain text. */
function classify(attribute: string, tag: string): 'url' | 'drop' | 'text' {
  const prefix = attribute[0];
  if (prefix === '@' || prefix === '?') return 'text';
  if (prefix === '.') {
    // stampino camel-cases property names; compare case-insensitively without dashes.
    const property = attribute.slice(1).replace(/-/g, '').toLowerCase();
    if (HTML_PROPERTIES.has(property)) return 'drop';
    return URL_PROPERTIES.has(property) ? 'url' : 'text';
  }
  const name = attribute.toLowerCase();
  if (name.startsWith('on') || name === 'srcdoc') return 'drop';
  if (URL_ATTRIBUTES.has(name)) return 'url';
  if (tag === 'object' && name === 'data') return 'url';
  if (ANIMATION_ELEMENTS.has(tag) && ANIMATION_VALUES.has(name)) return 'url';
  return 'text';
}
