import {closestName, devLog} from '../src/dev/index.js';
import {isEntityClass} from '../src/schema/index.js';
import {describeElement} from './attribute-error.js';
import {BINDING} from './template-guard.js';

/** `item.field` in an expression (not `x.item.field`, not `myitem.field`): the field. */
const ITEM_FIELD = /(?<![\w$.])item\s*\??\.\s*([A-Za-z_$][\w$]*)/g;

/** What a template reads from `item`: at its top level, and where `item` is a row of the model's list. */
interface FieldsRead {
  readonly top: readonly string[];
  readonly rows: readonly string[];
}

const readByTemplate = new WeakMap<HTMLTemplateElement, FieldsRead>();
const declaredByClass = new WeakMap<object, readonly string[]>();
const reported = new WeakMap<Element, Set<string>>();

/**
 * Development mode: warns (console.warn) once per element and field when its
 * template reads a field of a row (`{{ item.titel }}`) that the row does not
 * have: inside a `<template type="repeat">` over `items` or `data`, and at
 * the top level when the model's `item` is the entity (a `get`). When the
 * entity class declares its fields (class fields with defaults), any field it
 * does not declare is reported, with "did you mean" when one is close; for an
 * entity declared in HTML (`entity="Todo"`, whose class declares nothing),
 * only a field close to one the rows have is, since rows may leave out an
 * optional field. `model.items` gives the rows; nothing is checked before
 * there is one.
 *
 * @example
 * ```ts
 * if (DEV_MODE && view.state === 'ready') checkRowFields(this, template, view.model);
 * ```
 */
export function checkRowFields(host: Element, template: HTMLTemplateElement, model: object): void {
  const items = (model as {items?: unknown}).items;
  const first = Array.isArray(items) ? items.find(isObject) : undefined;
  if (!first) return;
  const read = fieldsRead(template);
  const names = 'item' in model ? [...read.top, ...read.rows] : read.rows;
  if (names.length === 0) return;
  const declared = declaredFields(first.constructor);
  let seen = reported.get(host);
  for (const name of names) {
    if (seen?.has(name) || (items as unknown[]).some(row => isObject(row) && name in row)) continue;
    const known = [...new Set([...declared, ...Object.keys(first)])];
    const suggestion = closestName(name, known);
    // Rows of an HTML-declared entity may lack an optional field: only a likely typo is told.
    if (declared.length === 0 && suggestion === undefined) continue;
    if (!seen) reported.set(host, (seen = new Set()));
    seen.add(name);
    const table = String((first.constructor as {key?: unknown}).key ?? 'its rows');
    const lacks = declared.length > 0 ? `which the entity ${table} does not declare` : `which the rows of ${table} do not have`;
    devLog(
      'warn',
      `${describeElement(host)}: its template reads "item.${name}", ${lacks}${suggestion ? `: did you mean "${suggestion}"?` : ''} ` +
        `(${declared.length > 0 ? `${table} declares` : 'they have'}: ${known.join(', ')})`,
      host,
    );
  }
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/** The fields an Entity class declares with defaults (an instance's own keys); none for other classes. */
function declaredFields(type: unknown): readonly string[] {
  if (!isEntityClass(type)) return [];
  let fields = declaredByClass.get(type);
  if (!fields) {
    try {
      fields = Object.keys(new (type as unknown as new () => object)());
    } catch {
      // A class whose constructor needs arguments: nothing is known of its fields.
      fields = [];
    }
    declaredByClass.set(type, fields);
  }
  return fields;
}

/** The `item.x` fields a template reads, read once per template. */
function fieldsRead(template: HTMLTemplateElement): FieldsRead {
  let read = readByTemplate.get(template);
  if (!read) {
    const top = new Set<string>();
    const rows = new Set<string>();
    collect(template.content, top, rows);
    read = {top: [...top], rows: [...rows]};
    readByTemplate.set(template, read);
  }
  return read;
}

/**
 * Adds the fields read from `item` in `content` to `into`. A repeat over
 * `items` or `data` makes `item` a row; another repeat rebinds `item` to
 * something else, and a named block has its own scope: neither is followed.
 */
function collect(content: DocumentFragment, into: Set<string>, rows: Set<string>): void {
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      addFields((node as Text).data, into);
      continue;
    }
    const element = node as Element;
    if (element instanceof HTMLTemplateElement) {
      const type = element.getAttribute('type');
      if (type === 'repeat') {
        // `repeat="{{ item.tags }}"` reads its field in the scope around it.
        addFields(element.getAttribute('repeat') ?? '', into);
        const over = /^\s*{{\s*(.*?)\s*}}\s*$/s.exec(element.getAttribute('repeat') ?? '')?.[1];
        if (over === 'items' || over === 'data') collect(element.content, rows, rows);
      } else if (!element.hasAttribute('name')) {
        for (const attribute of element.attributes) addFields(attribute.value, into);
        collect(element.content, into, rows);
      }
      continue;
    }
    for (const attribute of element.attributes) addFields(attribute.value, into);
  }
}

function addFields(text: string, into: Set<string>): void {
  if (!text.includes('{{')) return;
  for (const [, expression] of text.matchAll(BINDING)) {
    for (const [, field] of expression!.matchAll(ITEM_FIELD)) into.add(field!);
  }
}
