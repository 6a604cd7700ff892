// `import {dehydrate, hydrate, merge} from 'lit-data-elements/snapshots'`: the confirmed state as
// JSON and back, for server rendering, persistence and tab sync.
export {dehydrate, hydrate, merge} from './snapshots.js';
export {
  HydrateError,
  type DehydratedState,
  type DehydratedTable,
  type DehydratedRow,
  type DehydratedResult,
  type DehydratedTimes,
  type JsonValue,
} from './dehydrated-state.js';
export {serializeForScript} from './script-json.js';
