// Type tests of the elements' entries in HTMLElementTagNameMap: `document.createElement`
// and `querySelector` give each element's own class, so its properties type-check without a
// cast. Compiled by `tsc -p tsconfig.json` (npm test).
import {expectTypeOf} from 'expect-type';
import type {DataBoundary} from '../../components/data-boundary.js';
import type {DataLive} from '../../components/data-live.js';
import type {DataProvider} from '../../components/data-provider.js';
import type {DataQuery} from '../../components/data-query.js';
import type {DataResource} from '../../components/data-resource.js';
import type {DataDevtools} from '../../components/devtools/data-devtools.js';

export function createdElements(): void {
  expectTypeOf(document.createElement('data-provider')).toEqualTypeOf<DataProvider>();
  expectTypeOf(document.createElement('data-boundary')).toEqualTypeOf<DataBoundary>();
  expectTypeOf(document.createElement('data-resource')).toEqualTypeOf<DataResource>();
  expectTypeOf(document.createElement('data-query')).toEqualTypeOf<DataQuery>();
  expectTypeOf(document.createElement('data-live')).toEqualTypeOf<DataLive>();
  expectTypeOf(document.createElement('data-devtools')).toEqualTypeOf<DataDevtools>();
  expectTypeOf(document.querySelector('data-live')).toEqualTypeOf<DataLive | null>();
}
