// Development-mode diagnostics: the switch and the helpers its warnings share. Imports nothing,
// so every layer may use it; production builds replace dev-mode.ts and drop what it guards.
export {DEV_MODE} from './dev-mode.js';
export {devLog} from './dev-log.js';
