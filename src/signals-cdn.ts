// The signals part as the CDN builds give it (the `signals` module of the CDN's ES modules, and
// the CDN file through src/cdn.ts). The npm package leaves @lit-labs/signals to the app (a peer
// dependency); a CDN build carries its own copy, with signal-polyfill, so it also exports what a
// page uses beside these signals: a signal is seen only by the watchers of its own copy.
export * from './signals/index.js';
export {Signal, SignalWatcher, computed, signal, watch} from '@lit-labs/signals';
