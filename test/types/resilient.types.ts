// Type tests of issue 15's public names: fetchWith takes the endpoint's own argument list and
// resolves with its result; `retry` and `errorExpiryLength` are typed on the Controller and
// on endpoints. Compiled by `tsc -p tsconfig.json` (npm test).
import {expectTypeOf} from 'expect-type';
import {Controller, RestEndpoint, type RetryOptions} from '../../src/index.js';
import {getUser, openCount, User, UserResource} from './fixtures.js';

declare const ctrl: Controller;
declare const signal: AbortSignal;

export async function fetchWith(): Promise<void> {
  expectTypeOf(await ctrl.fetchWith(getUser, [{id: '1'}], {signal})).toEqualTypeOf<User>();
  expectTypeOf(await ctrl.fetchWith(UserResource.getList, [], {})).toEqualTypeOf<User[]>();
  // @ts-expect-error the args are a list: [params]
  await ctrl.fetchWith(getUser, {id: '1'}, {signal});
  // @ts-expect-error wrong param name: the path takes :id
  await ctrl.fetchWith(getUser, [{userId: '1'}]);
  // @ts-expect-error the signal is an AbortSignal
  await ctrl.fetchWith(getUser, [{id: '1'}], {signal: 'stop'});
  // @ts-expect-error a Query never fetches
  await ctrl.fetchWith(openCount, []);
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
