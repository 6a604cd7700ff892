// The CDN build: one module with Lit inside that defines every element and exports the whole API.
export * from './index.js';
export * from './lit/index.js';
export * from './plugins.js';
export * from '../components/index.js';
