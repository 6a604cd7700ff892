// Type tests of the contexts the package exports: they are keys of the context protocol as
// @lit/context types them, so an app's own @lit/context consumers and providers take them,
// and the package's contextValue takes an app's @lit/context context. Compiled by
// `tsc -p tsconfig.json` (npm test).
import {ContextConsumer, ContextProvider, createContext} from '@lit/context';
import {expectTypeOf} from 'expect-type';
import {LitElement} from 'lit';
import type {Controller} from '../../src/core/index.js';
import {contextValue, dataContext} from '../../src/lit/index.js';

export class ReadsTheController extends LitElement {
  readonly consumer = new ContextConsumer(this, {context: dataContext, subscribe: true});
  readonly provider = new ContextProvider(this, {context: dataContext});
  readonly token = createContext<string>('access-token');

  check(controller: Controller) {
    expectTypeOf(this.consumer.value).toEqualTypeOf<Controller | undefined>();
    this.provider.setValue(controller);
    // @ts-expect-error the data context carries a Controller
    this.provider.setValue('not a controller');
    expectTypeOf(contextValue(this, this.token)).toEqualTypeOf<string | undefined>();
    expectTypeOf(contextValue(this, dataContext)).toEqualTypeOf<Controller | undefined>();
  }
}
