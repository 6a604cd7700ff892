// `import {...} from 'lit-data-elements/internal'`: everything the layers export to each other,
// for benchmarks, tools such as the devtools, and integrations with other frameworks. Unstable:
// no name here is a promise, and any may change in a minor or patch release.
export * from './schema/index.js';
export * from './endpoint/index.js';
export * from './core/index.js';
export * from './core/internal.js';
export * from './rest/index.js';
export * from './snapshots/internal.js';
export * from './refresh/internal.js';
export * from './pagination/internal.js';
