// `import {fetchNextPage, nextPageArgs} from 'lit-data-elements/pagination'`: infinite lists over a Controller.
export {fetchNextPage, nextPageArgs} from './next-page.js';
