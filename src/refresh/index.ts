// `import {Refresh} from 'lit-data-elements/refresh'`: polling and refetch on focus and reconnect.
export {Refresh, type RefreshOptions} from './refresh.js';
export {browserPageEvents, type PageEvents, type PageEvent} from './page-events.js';
