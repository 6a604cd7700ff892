import {nothing} from 'lit';
import {defaultHandlers, prepareTemplate, type TemplateHandlers} from 'stampino';
import {composeUrl, guardTemplate, SCOPE_HELPER, TEXT_HELPER, URL_HELPER} from './template-guard.js';
import {keyedRepeatHandler} from './template-keyed-repeat.js';
import {alignPartPositions} from './template-part-positions.js';
import {BLOCKED_URL, safeUrl} from './template-safe-url.js';
import {toText} from './template-text.js';

/**
 * A prepared template: call it with a model to get a lit template result.
 *
 * @example
 * ```ts
 * const view: SafeTemplateFunction = prepareSafeTemplate(templateElement);
 * render(view({items: todos}), container);
 * ```
 */
export type SafeTemplateFunction = (model: object) => unknown;

/**
 * stampino's handlers with the keyed `repeat` in place of the positional one.
 *
 * @example
 * ```ts
 * import {prepareTemplate} from 'stampino';
 * const stamp = prepareTemplate(templateElement, templateHandlers);
 * ```
 */
export const templateHandlers: TemplateHandlers = {...defaultHandlers, repeat: keyedRepeatHandler};

const byElement = new WeakMap<HTMLTemplateElement, SafeTemplateFunction>();
// stampino keeps every template it parsed; sharing one preparation per source keeps that bounded.
const bySource = new Map<string, SafeTemplateFunction>();

const helpers: PropertyDescriptorMap = {
  [TEXT_HELPER]: {value: toText},
  // The model of a called block: its data, with these helpers (a primitive stays as it is).
  [SCOPE_HELPER]: {value: (data: unknown) => (data !== null && typeof data === 'object' ? Object.create(data, helpers) : data)},
  [URL_HELPER]: {
    value: (index: number, ...values: unknown[]) => {
      if (values.includes(nothing)) return nothing;
      const composed = composeUrl(index, values);
      return composed === undefined ? BLOCKED_URL : safeUrl(composed);
    },
  },
};

/**
 * Prepares a `<template>` for rendering with stampino (over lit-html), made
 * safe for untrusted data: text bindings render as text only, URL
 * attributes bound from data never carry a script URL (`javascript:`,
 * `data:`, `vbscript:` … become `about:blank`), bindings into HTML or event
 * handler attributes are removed, and `<template type="repeat">` keeps rows
 * by entity pk (see {@link keyedRepeatHandler}). The template element is
 * read once, when first prepared; the result is cached.
 *
 * Render the result with a plain model object; each name in the model is a
 * variable of the template's expressions.
 *
 * @example
 * ```ts
 * import {render} from 'lit';
 * const template = document.querySelector('template')!;
 * render(prepareSafeTemplate(template)({items: todos}), container);
 * ```
 */
export function prepareSafeTemplate(template: HTMLTemplateElement): SafeTemplateFunction {
  let prepared = byElement.get(template);
  if (!prepared) {
    const source = template.innerHTML;
    prepared = bySource.get(source);
    if (!prepared) {
      const safe = guardTemplate(template);
      alignPartPositions(safe.content);
      const stamp = prepareTemplate(safe, templateHandlers);
      prepared = model => stamp(Object.create(model, helpers) as object);
      bySource.set(source, prepared);
    }
    byElement.set(template, prepared);
  }
  return prepared;
}
