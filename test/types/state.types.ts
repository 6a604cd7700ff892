// Type tests of dehydrate / hydrate: the snapshot type, hydrate() and the
// provider's property. Compiled by `tsc -p tsconfig.json` (npm test).
import {serializeForScript, type DehydratedState, type JsonValue} from '../../src/snapshots/index.js';
import {expectTypeOf} from 'expect-type';
import type {DataProvider} from '../../components/data-provider.js';
import {Controller} from '../../src/index.js';
import {dehydrate, hydrate} from '../../src/snapshots/index.js';

declare const ctrl: Controller;
declare const provider: DataProvider;

export function snapshots(): void {
  const state = dehydrate(ctrl);
  expectTypeOf(state).toEqualTypeOf<DehydratedState>();
  expectTypeOf(state.kind).toEqualTypeOf<'data-elements/state'>();
  expectTypeOf(state.version).toEqualTypeOf<1>();
  expectTypeOf(serializeForScript(state)).toEqualTypeOf<string>();
  expectTypeOf(hydrate(new Controller(), state)).toEqualTypeOf<Controller>();
  hydrate(ctrl, serializeForScript(state));
  provider.initialState = state;
  provider.initialState = '{"kind":"data-elements/state"}';
  // @ts-expect-error a snapshot is an object or its JSON text, not a number
  hydrate(ctrl, 42);
  // @ts-expect-error a snapshot object must be one (kind, version, tables...)
  hydrate(ctrl, {entities: {}});
  // @ts-expect-error the Controller starts from a snapshot through hydrate(), not an option
  new Controller({initialState: state});
  // @ts-expect-error the provider's property takes a snapshot, not a Controller
  provider.initialState = ctrl;
  // @ts-expect-error the snapshot is read-only
  state.tables = [];
}

export function jsonValues(): void {
  const row: JsonValue = {id: '1', tags: ['a', 'b'], price: '12.50', nested: {ok: true, none: null}};
  expectTypeOf(row).toMatchTypeOf<JsonValue>();
  // @ts-expect-error a Date is not a JSON value: the snapshot holds its string
  const date: JsonValue = new Date();
  // @ts-expect-error undefined is not a JSON value
  const missing: JsonValue = {id: undefined};
  void date;
  void missing;
}
