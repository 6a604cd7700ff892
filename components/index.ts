// `import 'lit-data-elements/elements'`: defines every element, and exports the public names
// of the elements layer, each documented with an example (test/node/public-surface.test.ts
// checks it). Shared plumbing (the template host base class, the resource setup, template
// handlers) stays in its own files.
// Every element, and the provider's hydrate support: a page of elements may be server-rendered.
import './hydrate-support.js';
export {DataProvider} from './data-provider.js';
export {DataBoundary} from './data-boundary.js';
export {DataResource} from './data-resource.js';
export type {ResourceAction, ResourceModel} from './resource-model.js';
export {DataQuery, type QueryModel} from './data-query.js';
export type {DataErrorDetail, DataLoadDetail} from './template-host-element.js';
export {AttributeError} from './attribute-error.js';
export {Declarations, declarationsOf} from './declarations.js';
export type {DeclaredEntityClass} from './declared-entity.js';
export type {ResourceDeclaration, ResourceFeatures} from './declared-resource.js';
export type {QueryDeclaration} from './declared-query.js';
export {formValues} from './form-values.js';
export {prepareSafeTemplate, type SafeTemplateFunction} from './template-renderer.js';
export {isSafeUrl, safeUrl} from './template-safe-url.js';
export {DataLive} from './data-live.js';
