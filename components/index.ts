// `import 'lit-data-elements/elements'`: defines every element, and exports the public names
// of the elements layer, each documented with an example (test/node/public-surface.test.ts
// checks it). Shared plumbing (the template host base class, optimistic members, template
// handlers) stays in its own files.
// Every element, and the provider's hydrate support: a page of elements may be server-rendered.
import './hydrate-support.js';
export {DataProvider} from './data-provider.js';
export {DataBoundary} from './data-boundary.js';
export {DataResource, type ResourceAction, type ResourceModel} from './data-resource.js';
export {DataQuery, type QueryModel} from './data-query.js';
export type {DataErrorDetail, DataLoadDetail} from './template-host-element.js';
export {AttributeError} from './attribute-error.js';
export {declaredEntity} from './declared-entity.js';
export {declaredResource, type ResourceDeclaration} from './declared-resource.js';
export {declaredQuery, type QueryDeclaration} from './declared-query.js';
export {formValues} from './form-values.js';
export {prepareSafeTemplate, type SafeTemplateFunction} from './template-renderer.js';
export {isSafeUrl, safeUrl} from './template-safe-url.js';
export {DataLive} from './data-live.js';
