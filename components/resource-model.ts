/**
 * The writes `<data-resource>` performs: its methods, the `data-action` of
 * its forms, the template's `resource.*` and the `action` of `data-error`.
 * `replace` is the PUT (the resource's `update` member: the element's
 * `update` is Lit's render step).
 *
 * @example
 * ```ts
 * const action: ResourceAction = 'partialUpdate'; // <form data-action="partialUpdate">
 * ```
 */
export type ResourceAction = 'create' | 'replace' | 'partialUpdate' | 'delete';

/** The resource member each write calls. */
export const MEMBER_OF = {create: 'create', replace: 'update', partialUpdate: 'partialUpdate', delete: 'delete'} as const satisfies Record<ResourceAction, string>;

type Params = Record<string, unknown>;

/**
 * The template model of `<data-resource>`.
 *
 * @example
 * ```ts
 * // In the template: {{ item.title }}, {{ loading }},
 * // @click="{{ () => resource.delete({id: item.id}) }}".
 * const model: Partial<ResourceModel> = {items: [], loading: true};
 * ```
 */
export interface ResourceModel {
  /** What was read: the entity (`get`) or the list (`getList`; `results` of `{link, results}` with `link-header`); undefined until loaded. */
  readonly data: unknown;
  /** The list (`getList`), `[data]` (`get`), or `[]` before a load. */
  readonly items: readonly unknown[];
  /** The entity (`get`); undefined for a list (inside a repeat, `item` is the row). */
  readonly item: unknown;
  /** True while waiting for a first load. */
  readonly loading: boolean;
  /** True while `data` is that of the previous params, kept (`keep-previous`) while the new params load. */
  readonly previous: boolean;
  /** The error shown, or undefined. */
  readonly error: unknown;
  /** True when the list has a next page to load (see `loadNextPage`). */
  readonly hasMore: boolean;
  /** True while the next page loads. */
  readonly loadingMore: boolean;
  /** True while `data` shows a write that waits for the connection (`<data-provider queue-offline>`). */
  readonly pendingOffline: boolean;
  /** The element's writes and `loadNextPage`; they never reject (a failure fires `data-error`). */
  readonly resource: {
    create(body: Params, params?: Params): Promise<unknown>;
    replace(params: Params, body: Params): Promise<unknown>;
    partialUpdate(params: Params, body: Params): Promise<unknown>;
    delete(params: Params): Promise<unknown>;
    loadNextPage(): Promise<unknown>;
  };
}
