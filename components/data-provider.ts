import {ContextProvider} from '@lit/context';
import {css, html, LitElement, type PropertyValues} from 'lit';
import {property} from 'lit/decorators.js';
import {Controller} from '../src/core/index.js';
import {dataContext} from '../src/lit/index.js';
import {ensureContextRoot} from '../src/lit/internal.js';
import {defineElement} from './define-element.js';

/**
 * Provides a Controller (the cache) to every element below it. It creates one
 * unless a Controller is given in its `controller` property; nested providers
 * scope their own subtree. Elements that connect before the provider is
 * defined still find it.
 *
 * @example
 * ```html
 * <data-provider>
 *   <data-resource url-prefix="/api" path="/todos/:id" member="getList">…</data-resource>
 * </data-provider>
 * ```
 *
 * @slot - The subtree that reads from this provider's cache.
 * @prop {Controller | undefined} controller - A Controller to provide instead of the provider's own.
 */
export class DataProvider extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  /** A Controller to provide instead of the provider's own (an input: never changed by the element). */
  @property({attribute: false}) controller?: Controller;

  private readonly ownController = new Controller();
  private readonly provider = new ContextProvider(this, {context: dataContext, initialValue: this.ownController});

  constructor() {
    super();
    ensureContextRoot();
  }

  /** The Controller in use: the given one, or the provider's own. */
  get activeController(): Controller {
    return this.controller ?? this.ownController;
  }

  override connectedCallback(): void {
    // Provide before the children connect, so their first request is answered at once.
    this.provider.setValue(this.activeController);
    super.connectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('controller')) this.provider.setValue(this.activeController);
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}

defineElement('data-provider', DataProvider);

declare global {
  interface HTMLElementTagNameMap {
    'data-provider': DataProvider;
  }
}
