// Plumbing the elements (components/) share with the reactive controllers. Not a package
// entry point: `lit-data-elements/lit` (index.ts) exports only the public names.
export {boundaryContext, BoundaryLink, type BoundaryRegistry, type SuspenseSource} from './boundary-context.js';
export {ensureContextRoot} from './context-root.js';
export {ContextProvider} from './context-provider.js';
export {ControllerResolver} from './controller-resolver.js';
export {EndpointReader, type ArgsInput} from './endpoint-reader.js';
export {FetchingReader} from './fetching-reader.js';
export {FetchPolicy, type ShownRead} from './fetch-policy.js';
export {argsList} from './reader-args.js';
export {logUnhandledReaderError} from './unhandled-reader-error.js';
export {mergeInit} from './hookify-resource.js';
export type {FetchValue} from './value-types.js';
export {announceFailure, errorMessage} from './announce-failure.js';
export {afterPageLoad} from './page-load.js';
export {MissingProviderError} from './missing-provider-error.js';
