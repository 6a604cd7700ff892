import {html, LitElement, nothing, render, type PropertyValues} from 'lit';
import {AttributeError, describeElement} from './attribute-error.js';
import {errorMessage} from './error-message.js';
import {DEV_MODE} from '../src/dev/index.js';
import {checkRowFields} from './template-fields.js';
import {checkedModel} from './template-names.js';
import {prepareSafeTemplate} from './template-renderer.js';

/** `ready`: data (or nothing to wait for); `loading`: waiting for a first load; `error`: failed. */
export type ViewState = 'ready' | 'loading' | 'error';
/** The states a child `<template data-state>` may name: the view states, and a failed write. */
type TemplateState = ViewState | 'write-error';

/** What a template host shows now. */
export interface View {
  readonly state: ViewState;
  /** The template model: each key is a variable of the template. */
  readonly model: object;
  /** The data shown; a new value fires `data-load` (when the element fires it). */
  readonly data?: unknown;
  /** The error shown in the `error` state. */
  readonly error?: unknown;
}

/**
 * `detail` of the `data-error` event.
 *
 * @example
 * ```ts
 * page.addEventListener('data-error', event => {
 *   const {message, attribute}: DataErrorDetail = (event as CustomEvent<DataErrorDetail>).detail;
 *   console.warn(message, attribute);
 * });
 * ```
 */
export interface DataErrorDetail {
  /** What failed: an Error (a NetworkError, an AttributeError, …). */
  readonly error: unknown;
  /** A one-line message, naming the element (and the attribute, for a malformed one). */
  readonly message: string;
  /** The malformed attribute, for an AttributeError. */
  readonly attribute?: string;
  /** The write that failed (`create`, `replace`, `partialUpdate`, `delete`, `loadNextPage`), for a failed write. */
  readonly action?: string;
}

/**
 * `detail` of the `data-load` event.
 *
 * @example
 * ```ts
 * page.addEventListener('data-load', event => {
 *   const {data}: DataLoadDetail = (event as CustomEvent<DataLoadDetail>).detail;
 *   console.log('shown', data);
 * });
 * ```
 */
export interface DataLoadDetail {
  readonly data: unknown;
}

/**
 * What `<data-resource>` and `<data-query>` share: they render their child
 * `<template>` (with stampino, made safe by {@link prepareSafeTemplate})
 * into their own light DOM, right after the template, so page styles and
 * forms work as usual. A `<template data-state="loading">` or
 * `<template data-state="error">` child, when present, is rendered instead
 * in that state; without one, loading renders the main template (its model
 * says `loading`) and an error renders a `<p role="alert">` with the
 * message. State is reflected as the `loading` and `error` attributes.
 *
 * Nothing a template or its data does is thrown into the page: an error in
 * an expression shows the error state and fires `data-error` until the
 * data changes. Templates are read when first rendered; a `<template>`
 * child added or removed later is picked up.
 *
 * @example
 * ```ts
 * class ClockView extends TemplateHostElement {
 *   protected view(): View {
 *     return {state: 'ready', model: {now: new Date().toISOString()}};
 *   }
 * }
 * defineElement('clock-view', ClockView); // <clock-view><template>{{ now }}</template></clock-view>
 * ```
 */
export abstract class TemplateHostElement extends LitElement {
  private shown?: View;
  private failure?: {error: unknown; view: View};
  private lastError: unknown = undefined;
  private lastLoaded: unknown = undefined;
  private writeFailure?: {error: unknown; action: string};
  private readonly templateWatcher =
    typeof MutationObserver === 'undefined'
      ? undefined
      : new MutationObserver(records => {
          const touched = records.some(r => [...r.addedNodes, ...r.removedNodes].some(n => n instanceof HTMLTemplateElement));
          if (touched) this.requestUpdate();
        });

  /** What to show now. */
  protected abstract view(): View;

  /** Called after new data was rendered (a new value, by reference). */
  protected dataShown(_data: unknown): void {}

  override connectedCallback(): void {
    super.connectedCallback();
    this.templateWatcher?.observe(this, {childList: true});
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.templateWatcher?.disconnect();
  }

  /**
   * Renders into the light DOM, right after the main template, up to an
   * end marker of its own, so children added later (after the output) are
   * never taken for part of it.
   */
  protected override createRenderRoot(): HTMLElement {
    const end = document.createComment('');
    this.insertBefore(end, this.templateFor('ready')?.nextSibling ?? null);
    this.renderOptions.renderBefore = end;
    return this;
  }

  /** The child template for a state: `data-state="loading"` / `"error"`, or the first one without `data-state`. */
  protected templateFor(state: TemplateState): HTMLTemplateElement | undefined {
    for (const child of this.children) {
      if (!(child instanceof HTMLTemplateElement)) continue;
      const which = child.getAttribute('data-state');
      if (state === 'ready' ? which === null : which === state) return child;
    }
    return undefined;
  }

  /**
   * Fires `data-error` (bubbles, composed; `cancelable` for a failure the page may show
   * itself). Returns false when a listener called `preventDefault()`.
   */
  protected fireError(error: unknown, extra: {action?: string} = {}, cancelable = false): boolean {
    const detail: DataErrorDetail = {
      error: error,
      message: errorMessage(error),
      ...(error instanceof AttributeError ? {attribute: error.attribute} : {}),
      ...extra,
    };
    return this.dispatchEvent(new CustomEvent('data-error', {detail: detail, bubbles: true, composed: true, cancelable}));
  }

  /**
   * Shows a failed write after the content until it is dismissed (or another write fails):
   * the `<template data-state="write-error">` child when there is one, else a default
   * message with a Dismiss button.
   */
  protected showWriteFailure(error: unknown, action: string): void {
    this.writeFailure = {error, action};
    this.requestUpdate();
  }

  protected override render(): unknown {
    return html`${this.renderContent()}${this.writeNotice()}`;
  }

  private writeNotice(): unknown {
    const failure = this.writeFailure;
    if (!failure) return nothing;
    const dismiss = () => {
      if (this.writeFailure === failure) this.writeFailure = undefined;
      this.requestUpdate();
    };
    const message = errorMessage(failure.error);
    const template = this.templateFor('write-error');
    if (template) {
      try {
        return prepareSafeTemplate(template)({...this.shown?.model, error: failure.error, message, action: failure.action, dismiss});
      } catch {
        // The page's template failed: the default message still tells.
      }
    }
    return html`<div role="alert" class="data-write-error">
      <span>${message}</span> <button type="button" class="data-write-error-dismiss" @click=${dismiss}>Dismiss</button>
    </div>`;
  }

  private renderContent(): unknown {
    const view = (this.shown = this.view());
    if (this.failure && !sameView(this.failure.view, view)) this.failure = undefined;
    if (this.failure) return this.errorContent(this.failure.error, view);
    try {
      if (view.state === 'error') return this.errorContent(view.error, view);
      const template = (view.state === 'loading' ? this.templateFor('loading') : undefined) ?? this.templateFor('ready');
      if (!template) return nothing;
      if (DEV_MODE && view.state === 'ready') checkRowFields(this, template, view.model);
      return prepareSafeTemplate(template)(DEV_MODE ? checkedModel(this, view.model) : view.model);
    } catch (error) {
      this.failure = {error: this.templateError(error), view};
      return this.errorContent(this.failure.error, view);
    }
  }

  /** Catches what lit throws while committing a template (a throwing property setter, say). */
  protected override update(changed: PropertyValues): void {
    try {
      super.update(changed);
    } catch (error) {
      const view = this.shown ?? this.view();
      this.failure = {error: this.templateError(error), view};
      try {
        render(this.defaultError(this.failure.error), this, this.renderOptions);
      } catch {
        // Nothing more can be shown; the error attribute and event still tell.
      }
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const view = this.shown;
    if (!view) return;
    const shownError = this.failure?.error ?? (view.state === 'error' ? view.error : undefined);
    this.toggleAttribute('loading', view.state === 'loading' && shownError === undefined);
    this.toggleAttribute('error', shownError !== undefined);
    if (shownError !== this.lastError) {
      this.lastError = shownError;
      if (shownError !== undefined) this.fireError(shownError);
    }
    if (shownError === undefined && view.state === 'ready' && view.data !== undefined && view.data !== this.lastLoaded) {
      this.lastLoaded = view.data;
      this.dataShown(view.data);
    }
  }

  private errorContent(error: unknown, view: View): unknown {
    const template = this.templateFor('error');
    if (template) {
      try {
        return prepareSafeTemplate(template)({...view.model, error: error});
      } catch {
        // The error template failed too: fall back to the message.
      }
    }
    return this.defaultError(error);
  }

  private defaultError(error: unknown): unknown {
    return html`<p role="alert" class="data-error-message">${errorMessage(error)}</p>`;
  }

  private templateError(error: unknown): Error {
    return new Error(`${describeElement(this)}: the template failed: ${errorMessage(error)}`, {cause: error});
  }
}

function sameView(a: View, b: View): boolean {
  return a.state === b.state && a.data === b.data && a.error === b.error;
}
