// In development mode (the sources, as these tests run them), a RestEndpoint refuses, where it is
// declared, options that would otherwise fail late or not at all: an expiry or a poll interval that
// is not a number of milliseconds (data fresh forever, a poll without end), and a urlPrefix and a
// path that join into a URL the server would not know. test/node/dev-mode-build.test.ts holds that
// production builds leave the checks out; test/node/schema-declaration-checks.test.ts holds the
// checks of the schema option.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createResource, RestEndpoint} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';

class Price extends Entity {
  id = '';
  static override key = 'BadOptionsPrice';
}

test('an expiry or a poll interval that is not a number of milliseconds is refused, naming the endpoint and the option', () => {
  const declare = (options: Record<string, unknown>) => new RestEndpoint({path: '/prices', ...options});
  assert.throws(() => declare({dataExpiryLength: '30s'}), {name: 'TypeError', message: 'GET /prices: dataExpiryLength must be a number of milliseconds, got "30s"'});
  assert.throws(() => declare({errorExpiryLength: NaN}), {message: 'GET /prices: errorExpiryLength must be a number of milliseconds, got NaN'});
  assert.throws(() => declare({pollFrequency: '5000'}), {message: 'GET /prices: pollFrequency must be a number of milliseconds above 0, got "5000"'});
  // 0 would poll without a pause.
  assert.throws(() => declare({pollFrequency: 0}), {message: 'GET /prices: pollFrequency must be a number of milliseconds above 0, got 0'});
  assert.throws(() => declare({name: 'prices', pollFrequency: -1}), {message: /^prices: pollFrequency/});
  // Any number is a length: 0 or less is stale at once, Infinity never.
  declare({dataExpiryLength: 0, errorExpiryLength: Infinity, pollFrequency: 5000});
  declare({dataExpiryLength: -1});
  // An extended endpoint is declared again.
  assert.throws(() => declare({}).extend({dataExpiryLength: '1m' as never}), {message: /^GET \/prices: dataExpiryLength must be a number of milliseconds, got "1m"/});
});

test('a urlPrefix and a path that join into another path are refused, saying what they join into; a doubled slash is warned of once', t => {
  assert.throws(() => new RestEndpoint({urlPrefix: 'https://api.test/v1', path: 'prices/:id'}), {
    name: 'TypeError',
    message: 'GET prices/:id: urlPrefix "https://api.test/v1" and path "prices/:id" join into "https://api.test/v1prices/:id": start the path with /',
  });
  // A resource declares its endpoints with both: the mistake shows at createResource.
  assert.throws(() => createResource({urlPrefix: 'https://api.test', path: 'prices/:id', schema: Price}), {message: /join into "https:\/\/api\.testprices/});
  // Some servers take a doubled slash as one: a warning, once per pair of urlPrefix and path.
  const warnings: string[] = [];
  t.mock.method(console, 'warn', (message: string) => warnings.push(message));
  new RestEndpoint({urlPrefix: 'https://api.test/v1/', path: '/prices/:id'});
  new RestEndpoint({urlPrefix: 'https://api.test/v1/', path: '/prices/:id', method: 'DELETE'});
  assert.deepEqual(warnings, [
    'data-elements (development mode): GET /prices/:id: urlPrefix "https://api.test/v1/" and path "/prices/:id" join into "https://api.test/v1//prices/:id": end the urlPrefix without /',
  ]);
  createResource({urlPrefix: 'https://api.test/', path: '/prices/:id', schema: Price});
  assert.ok(warnings.some(w => w.includes('join into "https://api.test//prices"')), 'the list of a resource too');
  // What joins well: one slash between them, no prefix, no path.
  new RestEndpoint({urlPrefix: 'https://api.test/v1', path: '/prices/:id'});
  new RestEndpoint({urlPrefix: 'https://api.test/v1/', path: 'prices/:id'});
  new RestEndpoint({path: 'prices/:id'});
  new RestEndpoint({urlPrefix: 'https://api.test/prices', path: ''});
  createResource({urlPrefix: 'https://api.test', path: '/prices/:id', schema: Price});
});

test('an option close to one RestEndpoint reads is warned of once, with "did you mean"; an app\'s own members and short names are left alone', t => {
  const warnings: string[] = [];
  t.mock.method(console, 'warn', (message: string) => warnings.push(message));
  new RestEndpoint({path: '/prices/:id', shema: Price} as never);
  createResource({path: '/offers/:id', schema: Price, pollFrequncy: 500} as never);
  new RestEndpoint({path: '/prices/:id', shema: Price} as never);
  new RestEndpoint({path: '/prices', currency: 'EUR', label: 'Prices', keys: ['a'], paths: 2} as never);
  assert.deepEqual(warnings, [
    'data-elements (development mode): GET /prices/:id: the option "shema" is not one RestEndpoint reads, so it does nothing: did you mean "schema"?',
    'data-elements (development mode): GET /offers: the option "pollFrequncy" is not one RestEndpoint reads, so it does nothing: did you mean "pollFrequency"?',
    'data-elements (development mode): GET /prices: the option "paths" is not one RestEndpoint reads, so it does nothing: did you mean "path"?',
  ]);
});
