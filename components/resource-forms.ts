import {DEV_MODE, devLog} from '../src/dev/index.js';
import {AttributeError, describeElement, parseJsonObject} from './attribute-error.js';
import {formValues} from './form-values.js';
import type {ResourceAction} from './resource-model.js';
import type {Setup} from './resource-setup.js';

type Params = Record<string, unknown>;

/** The `data-action` values of a `<data-resource>` form. */
const FORM_ACTIONS: readonly string[] = ['create', 'replace', 'partialUpdate', 'delete', 'loadNextPage'];

/** What a submitted form asks of its `<data-resource>`. */
export interface FormWrite {
  readonly action: ResourceAction | 'loadNextPage';
  readonly params: Params;
  readonly body: Params;
}

/** Forms already told that `update` is an alias (development mode says it once per form). */
const toldAlias = new WeakSet<HTMLFormElement>();

/**
 * The write a `<form data-action>` of `<data-resource>` asks for: the
 * fields become the body (see `formValues`), except those named like a
 * path parameter of the action's path, which become params, as does the
 * form's `data-params` JSON; a create starts from the element's list
 * params. `data-action="update"` is an alias of `replace` (the PUT).
 * Throws an AttributeError naming `element` for an unknown action or bad
 * `data-params`.
 *
 * @example
 * ```ts
 * const {action, params, body} = formWrite('<data-resource>', form, event.submitter, setup);
 * ```
 */
export function formWrite(element: string, form: HTMLFormElement, submitter: HTMLElement | null, setup: Setup | undefined): FormWrite {
  let action = form.getAttribute('data-action') ?? '';
  if (action === 'update') {
    if (DEV_MODE && !toldAlias.has(form)) {
      toldAlias.add(form);
      devLog('warn', `${element}: <form data-action="update"> submits as data-action="replace" (the PUT, the element's replace() method); "update" is kept as an alias. Write "replace".`, form);
    }
    action = 'replace';
  }
  if (!FORM_ACTIONS.includes(action)) {
    throw new AttributeError(element, 'data-action', `of a <form> must be one of ${FORM_ACTIONS.join(', ')}, got "${action}"`);
  }
  const json = form.getAttribute('data-params');
  const params = json === null ? {} : parseJsonObject(`${element} (its <form data-action="${action}">)`, 'data-params', json);
  const body = formValues(form, submitter);
  const names = setup === undefined ? [] : action === 'create' ? setup.listParamNames : setup.itemParamNames;
  for (const name of names) {
    if (Object.hasOwn(body, name)) {
      params[name] ??= body[name];
      delete body[name];
    }
  }
  return {action: action as FormWrite['action'], params: action === 'create' ? {...setup?.listParams, ...params} : params, body};
}

/** What the form handling asks of its `<data-resource>`. */
export interface ActionHost {
  readonly setup: Setup | undefined;
  /** Performs a write or loads the next page; a failure rejects (the element has announced it). */
  perform(action: FormWrite['action'], params: Params, body: Params): Promise<unknown>;
  /** Announces a form that cannot be submitted (`data-error`). */
  report(error: unknown): void;
}

/**
 * Makes the forms with `data-action` inside `element` (not inside a nested
 * `<data-resource>`) submit through its writes, and a
 * `<button data-action="loadNextPage">` outside such a form load the next
 * page. A submit is prevented; a create form is reset when its write
 * succeeds; a form that cannot be submitted is reported, not thrown.
 *
 * @example
 * ```ts
 * listenForActions(this, {setup: …, perform: (action, params, body) => …, report: error => this.fireError(error)});
 * ```
 */
export function listenForActions(element: HTMLElement, host: ActionHost): void {
  const own = (target: Element) => target.closest('data-resource') === element;
  element.addEventListener('submit', event => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !own(form) || !form.hasAttribute('data-action')) return;
    event.preventDefault();
    let write: FormWrite;
    try {
      write = formWrite(describeElement(element), form, event.submitter, host.setup);
    } catch (error) {
      host.report(error);
      return;
    }
    host.perform(write.action, write.params, write.body).then(
      () => write.action === 'create' && form.reset(),
      () => {},
    );
  });
  element.addEventListener('click', event => {
    const target = event.target instanceof Element ? event.target.closest('[data-action="loadNextPage"]') : null;
    // A form of that action loads it on submit.
    if (!target || target instanceof HTMLFormElement || !own(target)) return;
    event.preventDefault();
    host.perform('loadNextPage', {}, {}).catch(() => {});
  });
}
