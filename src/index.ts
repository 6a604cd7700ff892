// The framework-free core: `import {...} from 'lit-data-elements'`. Only what a user writes: the
// schema and endpoint classes, the Controller and its options, the errors. Each part has an
// entry of its own (lit-data-elements/refresh, /pagination, /snapshots, /live, /persist, /sync);
// internals sit in lit-data-elements/internal, which promises nothing
// (test/node/public-surface.test.ts holds this list and the examples on each name).
export {
  Entity,
  SchemaError,
  schema,
  type Schema,
  type Denormalize,
  type EntityData,
  type SchemaArgs,
  type QueryableSchema,
  type CollectionOptions,
} from './schema/index.js';
export {
  Query,
  NetworkError,
  ParseError,
  pksOf,
  requestSignal,
  type EndpointInterface,
  type SnapshotInterface,
  type ExpiryStatus,
  type FetchableEndpoint,
  type EndpointArgs,
  type EndpointResult,
  type Readable,
  type ReadArgs,
  type ReadResult,
  type PaginatedEndpoint,
} from './endpoint/index.js';
export {
  Controller,
  GCPolicy,
  AbortOptimistic,
  ResetError,
  type Snapshot,
  type ControllerOptions,
  type ControllerPlugin,
  type FetchOptions,
  type RetryOptions,
  type GCReport,
  type GCPolicyOptions,
  type ResponseState,
  type Commit,
  type CommitListener,
  type Watch,
  type WatchListener,
} from './core/index.js';
export {
  RestEndpoint,
  createResource,
  optimisticResource,
  type OptimisticOptions,
  type RestEndpointOptions,
  type RestGenerics,
  type AnyRestGenerics,
  type RestParams,
  type RestBody,
  type Resource,
  type ResourceOptions,
} from './rest/index.js';
