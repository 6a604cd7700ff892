// The framework-free core: `import {...} from 'lit-data-elements'`.
export * from './schema/index.js';
export * from './endpoint/index.js';
export * from './core/index.js';
export * from './rest/index.js';
export * from './live/index.js';
