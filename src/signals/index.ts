// The cache as signals: `import {...} from 'lit-data-elements/signals'`, on Lit's
// @lit-labs/signals (an optional peer dependency: the app's copy, so that its `watch()` and
// `SignalWatcher` see these signals).
export {cacheSignal, CacheSignal} from './cache-signal.js';
export {suspenseSignal, SuspenseSignal} from './suspense-signal.js';
export type {SuspenseState} from './suspense-read.js';
export type {SignalSource} from './signal-source.js';
