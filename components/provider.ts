// `import 'lit-data-elements/provider'`: defines <data-provider> and <data-boundary> only,
// for Lit apps that read data with the reactive controllers and need no HTML templates
// (no <data-resource>, <data-query>, stampino or jexpr in the bundle).
export {DataProvider} from './data-provider.js';
export {DataBoundary} from './data-boundary.js';
