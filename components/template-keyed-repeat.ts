import {EvalAstFactory, parse} from 'jexpr';
import {nothing} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import {evaluateTemplate, type TemplateHandler} from 'stampino';

type Expression = {evaluate(scope: object): unknown};

const factory = new EvalAstFactory();
const expressions = new Map<string, Expression | undefined>();

/** Evaluates a `{{ … }}` attribute of a control template (as stampino does for `if` and `repeat`). */
export function evaluateAttribute(source: string | null, scope: object): unknown {
  if (source === null) return undefined;
  let expression = expressions.get(source);
  if (expression === undefined && !expressions.has(source)) {
    const text = source.trim();
    expression =
      text.startsWith('{{') && text.endsWith('}}') ? ((parse(text.slice(2, -2).trim(), factory) as Expression | undefined) ?? undefined) : undefined;
    expressions.set(source, expression);
  }
  return expression?.evaluate(scope);
}

/** The key of a row: the `key` expression when given, else an entity's pk, else its position. */
function rowKey(template: HTMLTemplateElement, scope: object, item: unknown, index: number): unknown {
  const keyAttribute = template.getAttribute('key');
  if (keyAttribute !== null) return evaluateAttribute(keyAttribute, scope);
  const pk = (item as {pk?: unknown} | null | undefined)?.pk;
  if (typeof pk === 'function') {
    const value: unknown = pk.call(item);
    if (value !== undefined && value !== null && value !== '') return `pk:${String(value)}`;
  }
  return index;
}

/**
 * stampino's `<template type="repeat" repeat="{{ items }}">`, keyed: rows
 * keep their DOM by key rather than by position, through lit's `repeat`
 * directive. The key is the `key="{{ … }}"` expression when the template has
 * one (evaluated with `item` and `index` in scope), else the entity's pk
 * (`item.pk()`), else the position. If two rows have the same key the whole
 * list falls back to positions, which is always correct, only less
 * economical. Each row's scope inherits the outer one and adds `item`,
 * `index` and `this`, as stampino's own repeat does.
 *
 * Rows are built here, before lit commits them, so an error in an
 * expression surfaces while the template result is built.
 *
 * @example
 * ```html
 * <template type="repeat" repeat="{{ items }}" key="{{ item.slug }}">
 *   <li>{{ item.title }}</li>
 * </template>
 * ```
 */
export const keyedRepeatHandler: TemplateHandler = (template, model, handlers, renderers) => {
  const items = evaluateAttribute(template.getAttribute('repeat'), model);
  if (items === null || items === undefined || typeof (items as Iterable<unknown>)[Symbol.iterator] !== 'function') return nothing;
  const rows: {key: unknown; result: unknown}[] = [];
  const keys = new Set<unknown>();
  let index = 0;
  for (const item of items as Iterable<unknown>) {
    const scope = Object.create(model) as Record<string, unknown>;
    scope['item'] = item;
    scope['index'] = index;
    scope['this'] = (model as Record<string, unknown>)['this'] ?? model;
    const key = rowKey(template, scope, item, index);
    keys.add(key);
    rows.push({key, result: evaluateTemplate(template, scope, handlers, renderers)});
    index++;
  }
  const unique = keys.size === rows.length;
  return repeat(
    rows,
    (row, i) => (unique ? row.key : i),
    row => row.result,
  );
};
