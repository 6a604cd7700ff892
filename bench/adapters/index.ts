// The entry of the bundle that bench/run.ts builds with esbuild (every library
// bundled the same way, with process.env.NODE_ENV = "production", as an app
// ships them), then imports.
export {ours, oursNoDate} from './ours.js';
export {rdc} from './rdc.js';
export {normalizr3} from './normalizr.js';
export type {Lib, WriteMeta, QueryArgs, ArticleLike} from './types.js';
