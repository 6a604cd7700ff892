export {canFetch, type EndpointInterface, type SnapshotInterface, type ExpiryStatus} from './endpoint.js';
export {Query} from './query.js';
export {argsKey} from './args-key.js';
export {NetworkError, ParseError} from './network-error.js';
export {pksOf, type PksEndpoint} from './pks-of.js';
export type {FetchableEndpoint, EndpointArgs, EndpointResult, Readable, ReadArgs, ReadResult, ArgsThen} from './endpoint-types.js';
export {requestSignal, withRequestSignal} from './request-signal.js';
export type {BackoffOptions, RetryOptions} from './retry-options.js';
export {isPaginated, type PaginatedEndpoint, type NextPageContext} from './paginated.js';
