// `import {fetchNextPage, nextPageArgs} from 'lit-data-elements/pagination'`: infinite lists over a
// Controller: the next page of a list endpoint (a RestEndpoint with `paginationField`) is
// fetched and added to the same cached list; a resource whose list pages by its `Link` header.
export {fetchNextPage, nextPageArgs} from './next-page.js';
export {nextPageEndpoint, type NextPageGenerics} from './page-endpoint.js';
export {linkHeaderResource, LinkHeaderError, type LinkHeaderMembers} from './link-header-resource.js';
