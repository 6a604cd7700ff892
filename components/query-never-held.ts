import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {requestCount, subscribeRequests, visibleState, type Controller} from '../src/core/index.js';
import {closestName, devLog} from '../src/dev/index.js';
import type {Query} from '../src/endpoint/index.js';
import {afterPageLoad} from '../src/lit/internal.js';
import {describeElement} from './attribute-error.js';

/** A declared query that shows nothing: its Controller, its Query and the table it reads. */
export interface EmptyRead {
  readonly controller: Controller;
  readonly query: Query<any, any, any>;
  readonly entity: string;
}

/**
 * Development mode: warns once when a `<data-query>` declared in HTML shows
 * nothing because its provider's cache has never held a row of its entity,
 * and nothing more is coming: the page has loaded and no request of that
 * provider is in flight. The message names the entity, and says what is
 * true of the page: an outer `<data-provider>` holds rows of it (the query
 * reads the nearest provider), or a table of that provider has a close name
 * ("did you mean"), or nothing there loads that entity.
 *
 * @example
 * ```ts
 * if (DEV_MODE) this.addController(new NeverHeldCheck(this, () => this.emptyRead()));
 * ```
 */
export class NeverHeldCheck implements ReactiveController {
  private cancel: (() => void) | undefined;
  private warned = false;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    /** The read when it shows nothing now; undefined otherwise. */
    private readonly emptyRead: () => EmptyRead | undefined,
  ) {}

  hostUpdated(): void {
    if (this.warned || this.cancel) return;
    const read = this.emptyRead();
    if (!read) return;
    let stopped = false;
    let stopWaiting = () => {};
    this.cancel = () => {
      stopped = true;
      stopWaiting();
    };
    afterPageLoad(() => {
      if (!stopped) stopWaiting = whenIdle(read.controller, () => this.decide(read));
    });
  }

  hostDisconnected(): void {
    this.cancel?.();
    this.cancel = undefined;
  }

  private decide(read: EmptyRead): void {
    this.cancel = undefined;
    const now = this.emptyRead();
    // Something arrived, or the element reads another query now: the next empty render looks again.
    if (!now || now.query !== read.query || now.controller !== read.controller || read.controller.get(read.query) !== undefined) return;
    this.warned = true;
    devLog('warn', `${describeElement(this.host)}: ${neverHeldMessage(this.host, read)}`, this.host);
  }
}

/** Runs `run` once the Controller has no request in flight (looked at in a task, so readers that connect with the page start theirs first). */
function whenIdle(controller: Controller, run: () => void): () => void {
  let unsubscribe = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = () => {
    timer = undefined;
    if (requestCount(controller) === 0) {
      run();
      return;
    }
    unsubscribe = subscribeRequests(controller, () => {
      if (requestCount(controller) > 0) return;
      unsubscribe();
      timer = setTimeout(look, 0);
    });
  };
  timer = setTimeout(look, 0);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    unsubscribe();
  };
}

function neverHeldMessage(host: Element, {controller, query, entity}: EmptyRead): string {
  const said = `it shows nothing: the cache of its <data-provider> has never held a row of "${entity}", and no request is in flight.`;
  const outer = providersAbove(host).find(provider => provider !== controller && provider.get(query) !== undefined);
  if (outer) {
    return (
      `${said} An outer <data-provider> holds ${entity} rows, but <data-query> reads the nearest provider's cache: ` +
      `move it out of the inner <data-provider>, or load ${entity} rows under that one.`
    );
  }
  // Lists are kept as tables too (`Collection(…)`): they are no entity a query could name.
  const tables = [...visibleState(controller).entities.keys()].filter(table => !table.startsWith('Collection('));
  const suggestion = closestName(entity, tables);
  if (suggestion) return `${said} Did you mean entity="${suggestion}"? (this cache holds: ${tables.join(', ')})`;
  return `${said} Its rows come from a <data-resource entity="${entity}"> (or code that writes ${entity} rows) under the same <data-provider>.`;
}

/** The Controllers of the `<data-provider>` elements above `host`, nearest first (out of shadow roots too). */
function providersAbove(host: Element): Controller[] {
  const found: Controller[] = [];
  for (let node: Node | null = host.parentNode; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    const controller = node instanceof Element && node.localName === 'data-provider' ? (node as {activeController?: Controller}).activeController : undefined;
    if (controller) found.push(controller);
  }
  return found;
}
