import type {ReactiveControllerHost} from 'lit';
import {checkResource, DEV_MODE} from '../dev/index.js';
import type {RestEndpoint} from '../rest/index.js';

/** The members a resource has, and the hook each becomes. */
const HOOKS = {
  get: 'useGet',
  getList: 'useGetList',
  create: 'useCreate',
  update: 'useUpdate',
  partialUpdate: 'usePartialUpdate',
  delete: 'useDelete',
} as const;

type Member = keyof typeof HOOKS;
type Hooks = typeof HOOKS;

/**
 * A request init, or a promise of one, built for a host at request time.
 *
 * @example
 * ```ts
 * const withToken: UseInit = host => ({headers: {'Access-Token': contextValue(host, tokenContext) ?? ''}});
 * ```
 */
export type UseInit = (host: ReactiveControllerHost) => RequestInit | Promise<RequestInit>;

/**
 * What {@link hookifyResource} returns: `useGet(host)` and friends.
 *
 * @example
 * ```ts
 * const ArticleHooks: HookedResource<typeof ArticleResource> = hookifyResource(ArticleResource, withToken);
 * const getArticle = ArticleHooks.useGet(host); // typeof ArticleResource.get
 * ```
 */
export type HookedResource<R> = {
  readonly [M in Member as M extends keyof R ? Hooks[M] : never]: (host: ReactiveControllerHost) => M extends keyof R ? R[M] : never;
};

type AnyEndpoint = RestEndpoint<any>;

/**
 * Turns a resource into hooks: `useGet`, `useGetList`, `useCreate`,
 * `useUpdate`, `usePartialUpdate`, `useDelete`. Each `useX(host)` returns the
 * member's endpoint with `useInit(host)` merged into its request init when a
 * request is made (headers are combined; the JSON content type of a body
 * stays). The hooked endpoint keeps its member's cache key, is the same
 * object for the same host, and the resource itself is left unchanged.
 *
 * `useInit` runs once when the hook is called (so it may register reactive
 * controllers, as a hook does) and again for every request.
 *
 * @example
 * ```ts
 * const tokenContext = createContext<string>('access-token');
 * const ArticleHooks = hookifyResource(ArticleResource, host => ({
 *   headers: {'Access-Token': contextValue(host, tokenContext) ?? ''},
 * }));
 * class ArticleView extends LitElement {
 *   private article = useSuspense(this, ArticleHooks.useGet(this), () => ({id: this.articleId}));
 * }
 * ```
 */
export function hookifyResource<R extends Partial<Record<Member, AnyEndpoint>>>(resource: R, useInit?: UseInit): HookedResource<R> {
  if (DEV_MODE) checkResource(resource, 'hookifyResource');
  const hooks: Record<string, (host: ReactiveControllerHost) => AnyEndpoint> = {};
  for (const member of Object.keys(HOOKS) as Member[]) {
    const endpoint = resource[member];
    if (!endpoint) continue;
    const perHost = new WeakMap<object, AnyEndpoint>();
    hooks[HOOKS[member]] = host => {
      let hooked = perHost.get(host);
      if (!hooked) {
        useInit?.(host);
        hooked = useInit ? withInit(endpoint, host, useInit) : endpoint;
        perHost.set(host, hooked);
      }
      return hooked;
    };
  }
  return hooks as HookedResource<R>;
}

/** The endpoint with `useInit(host)` merged into every request init. */
function withInit(endpoint: AnyEndpoint, host: ReactiveControllerHost, useInit: UseInit): AnyEndpoint {
  const base = endpoint.getRequestInit;
  return endpoint.extend({
    async getRequestInit(this: AnyEndpoint, body: unknown): Promise<RequestInit> {
      const [own, extra] = await Promise.all([base.call(this, body), useInit(host)]);
      return mergeInit(own, extra);
    },
  });
}

/** `extra` over `own`, with headers combined; a body's own Content-Type is kept. */
export function mergeInit(own: RequestInit, extra: RequestInit): RequestInit {
  const headers = new Headers(own.headers);
  const keepType = headers.has('content-type') && own.body !== undefined;
  new Headers(extra.headers).forEach((value, name) => {
    if (!(keepType && name === 'content-type')) headers.set(name, value);
  });
  return {...own, ...extra, headers};
}
