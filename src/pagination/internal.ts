// Plumbing of the pagination part that the elements share (the `Link` header of
// `<data-resource link-header>`). Not a package entry point; lit-data-elements/internal
// re-exports it, unstable.
export {nextLinkParam, parseLinkHeader, type LinkValue} from './link-header.js';
export {defaultNextPage} from './page-endpoint.js';
