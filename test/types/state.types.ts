// Type tests of dehydrate / hydrate: the snapshot type, the initialState option, and the
// provider's property. Compiled by `tsc -p tsconfig.json` (npm test).
import {expectTypeOf} from 'expect-type';
import type {DataProvider} from '../../components/data-provider.js';
import {Controller, serializeForScript, type DehydratedState, type JsonValue} from '../../src/index.js';

declare const ctrl: Controller;
declare const provider: DataProvider;

export function snapshots(): void {
  const state = ctrl.dehydrate();
  expectTypeOf(state).toEqualTypeOf<DehydratedState>();
  expectTypeOf(state.kind).toEqualTypeOf<'data-elements/state'>();
  expectTypeOf(state.version).toEqualTypeOf<1>();
  expectTypeOf(serializeForScript(state)).toEqualTypeOf<string>();
  new Controller({initialState: state});
  new Controller({initialState: serializeForScript(state)});
  provider.initialState = state;
  provider.initialState = '{"kind":"data-elements/state"}';
  // @ts-expect-error a snapshot is an object or its JSON text, not a number
  new Controller({initialState: 42});
  // @ts-expect-error a snapshot object must be one (kind, version, tables...)
  new Controller({initialState: {entities: {}}});
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
