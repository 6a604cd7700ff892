// The CDN build: one module with Lit inside that defines every element and exports the whole
// API: the core, the Lit integration, every part, and the elements (which load the hydrate
// support, so a provider reads a server-rendered snapshot).
// The signals part comes with its own copy of @lit-labs/signals and the names of it a page uses
// with the cache's signals (`watch`, `SignalWatcher`, ...): see signals-cdn.ts.
export * from './index.js';
export * from './lit/index.js';
export * from './refresh/index.js';
export * from './pagination/index.js';
export * from './snapshots/index.js';
export * from './live/index.js';
export * from './persist/index.js';
export * from './sync/index.js';
export * from './offline/index.js';
export * from './signals-cdn.js';
export * from '../components/index.js';
