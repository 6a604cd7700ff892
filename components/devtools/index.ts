// `import 'lit-data-elements/devtools'`: defines <data-devtools>. No other entry point imports
// this folder, so pages that do not load it carry none of it (test/node/devtools-bundle.test.ts).
export {DataDevtools, type DevtoolsTab} from './data-devtools.js';
