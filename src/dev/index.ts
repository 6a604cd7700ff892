// Development-mode diagnostics: the switch and the helpers its checks share. Production builds
// replace dev-mode.ts and drop what it guards, these helpers with it. The switch and the log
// import nothing, so every layer may use them; the schema check reads the schema classes, so
// only the layers above src/schema call it.
export {DEV_MODE} from './dev-mode.js';
export {devLog} from './dev-log.js';
export {checkSchema} from './check-schema.js';
export {checkMilliseconds} from './check-milliseconds.js';
export {checkEndpoint} from './check-endpoint.js';
export {checkErrorGiven, checkWatchCall} from './check-controller-calls.js';
export {warnMissingEndpoint} from './warn-missing-endpoint.js';
export {warnUndefinedArgs} from './warn-undefined-args.js';
export {isEndpointLike} from './endpoint-like.js';
export {checkOptionsObject} from './check-options-object.js';
export {checkResource} from './check-resource.js';
export {shownValue} from './shown-value.js';
export {closestName} from './closest-name.js';
