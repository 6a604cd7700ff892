// The Lit layer: `import {...} from 'lit-data-elements/lit'`. Only the public names, each
// documented with an example (test/node/public-surface.test.ts checks it); the elements'
// plumbing is in internal.ts.
export {dataContext} from './data-context.js';
export {MissingProviderError} from './missing-provider-error.js';
export {useController, type ControllerMethods} from './use-controller.js';
export type {ReadStatus, StatusRenderer} from './endpoint-reader.js';
export type {ReaderArgs, ReaderArgsParam, ReaderOptions} from './reader-args.js';
export {useSuspense, SuspenseController} from './use-suspense.js';
export {useCache, CacheController} from './use-cache.js';
export {useFetch, FetchController} from './use-fetch.js';
export {useLoading, LoadingController, type LoadingState} from './use-loading.js';
export {hookifyResource, type HookedResource, type UseInit} from './hookify-resource.js';
export {contextValue} from './context-value.js';
export {useLiveFeed, LiveFeedController, type LiveFeedInput} from './use-live-feed.js';
