// Type tests of the Controller's plugins: refresh, tab sync and persistence, their options, and the
// provider's attributes. Compiled by `tsc -p tsconfig.json` (npm test).
import {expectTypeOf} from 'expect-type';
import type {DataProvider} from '../../components/data-provider.js';
import {Controller, type ControllerPlugin} from '../../src/index.js';
import {Persistence, StorageError, type StorageErrorKind} from '../../src/persist/index.js';
import {Refresh} from '../../src/refresh/index.js';
import {TabSync} from '../../src/sync/index.js';
import {visibleState} from '../../src/internal.js';
import {dehydrate, merge} from '../../src/snapshots/index.js';

declare const ctrl: Controller;
declare const provider: DataProvider;

export function plugins(): void {
  new Controller({plugins: [new TabSync(), new Persistence({name: 'app', version: 3})]});
  new Controller({plugins: [new TabSync({channel: 'app', BroadcastChannel})]});
  const logging: ControllerPlugin = {attach: controller => controller.subscribe(() => undefined)};
  new Controller({plugins: [logging]});
  // @ts-expect-error a plugin is an object with attach(), not a constructor
  new Controller({plugins: [TabSync]});
  // @ts-expect-error attach returns the function that stops
  new Controller({plugins: [{attach: () => true}]});
  // @ts-expect-error the channel is a name
  new TabSync({channel: 3});
  // @ts-expect-error a version is a number or a string
  new Persistence({version: {major: 1}});
  // @ts-expect-error maxAge is in ms, a number
  new Persistence({maxAge: '1 day'});
  expectTypeOf(new Persistence().ready).toEqualTypeOf<Promise<void>>();
  expectTypeOf(new Persistence().flush()).toEqualTypeOf<Promise<void>>();
  expectTypeOf<StorageError['kind']>().toEqualTypeOf<StorageErrorKind>();
  merge(ctrl, dehydrate(ctrl));
  merge(ctrl, JSON.stringify(dehydrate(ctrl)));
  // @ts-expect-error merge takes a snapshot, not a state
  merge(ctrl, visibleState(ctrl));
  new Controller({plugins: [new Refresh({refetchOnFocus: false})]});
  // @ts-expect-error refresh options are the plugin's, not the Controller's
  new Controller({refetchOnFocus: false});
  expectTypeOf(provider.persistence).toEqualTypeOf<Persistence | undefined>();
  provider.syncTabs = 'app';
  provider.persist = 'app';
  // @ts-expect-error the persistence is the provider's own, not an input
  provider.persistence = new Persistence();
}
