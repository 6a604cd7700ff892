// Type tests of fetch with options (before the endpoint): it takes the endpoint's own arguments and
// resolves with its result; `retry` and `errorExpiryLength` are typed on the Controller and
// on endpoints. Compiled by `tsc -p tsconfig.json` (npm test).
import {expectTypeOf} from 'expect-type';
import {Controller, RestEndpoint, type RetryOptions} from '../../src/index.js';
import type {ReactiveControllerHost} from 'lit';
import {useFetch, useSuspense, type ReaderOptions} from '../../src/lit/index.js';
import {getUser, openCount, User, UserResource} from './fixtures.js';

declare const ctrl: Controller;
declare const signal: AbortSignal;

export async function fetchWithOptions(): Promise<void> {
  expectTypeOf(await ctrl.fetch({signal}, getUser, {id: '1'})).toEqualTypeOf<User>();
  expectTypeOf(await ctrl.fetch({}, UserResource.getList)).toEqualTypeOf<User[]>();
  // @ts-expect-error the options go before the endpoint
  await ctrl.fetch(getUser, {id: '1'}, {signal});
  // @ts-expect-error wrong param name: the path takes :id
  await ctrl.fetch({signal}, getUser, {userId: '1'});
  // @ts-expect-error params are required
  await ctrl.fetch({signal}, getUser);
  // @ts-expect-error the signal is an AbortSignal
  await ctrl.fetch({signal: 'stop'}, getUser, {id: '1'});
  // @ts-expect-error a Query never fetches
  await ctrl.fetch({signal}, openCount);
}

export function retryOptions(): void {
  new Controller({retry: {retries: 5, initialDelay: 500, maxDelay: 10_000, shouldRetry: error => error instanceof TypeError}});
  new Controller({retry: false, errorExpiryLength: 2_000});
  // @ts-expect-error retries is a number
  new Controller({retry: {retries: 'many'}});
  // @ts-expect-error true is not an option: leave retry out for the defaults
  new Controller({retry: true});
  const endpoint = new RestEndpoint({path: '/users/:id', retry: {retries: 1}, errorExpiryLength: 0});
  expectTypeOf(endpoint.retry).toEqualTypeOf<RetryOptions | false | undefined>();
  // @ts-expect-error maxDelay is a number of ms
  new RestEndpoint({path: '/users/:id', retry: {maxDelay: '30s'}});
  UserResource.extend({create: {retry: {retries: 2}}});
}

export function keepPrevious(host: ReactiveControllerHost): void {
  const reader = useSuspense(host, getUser, () => ({id: '1'}), {keepPrevious: true});
  expectTypeOf(reader.previous).toEqualTypeOf<boolean>();
  useFetch(host, UserResource.getList, undefined, {keepPrevious: true});
  const options: ReaderOptions = {keepPrevious: false};
  useSuspense(host, getUser, {id: '1'}, options);
  // @ts-expect-error keepPrevious is a boolean
  useSuspense(host, getUser, {id: '1'}, {keepPrevious: 'yes'});
  // @ts-expect-error unknown option
  useSuspense(host, getUser, {id: '1'}, {keepPrevous: true});
}
