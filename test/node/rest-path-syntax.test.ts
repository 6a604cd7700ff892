// The path template syntax (path-to-regexp 8's, parsed by the library itself): parameters,
// quoted names, wildcards, nested optional parts, escapes, reserved characters, filling and
// writing back.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {RestEndpoint} from '../../src/rest/index.js';
import {fillTokens, parsePath, stringifyPath} from '../../src/rest/path-syntax.js';

const fill = (path: string, data: Record<string, string | string[]>) => fillTokens(parsePath(path), data, encodeURIComponent);

describe('path templates', () => {
  test('parses text, parameters, wildcards and optional parts', () => {
    assert.deepEqual(parsePath('/users/:id{/:slug}/*rest'), [
      {type: 'text', value: '/users/'},
      {type: 'param', name: 'id'},
      {type: 'group', tokens: [{type: 'text', value: '/'}, {type: 'param', name: 'slug'}]},
      {type: 'text', value: '/'},
      {type: 'wildcard', name: 'rest'},
    ]);
    assert.deepEqual(parsePath('/:"user id"/u-:id'), [
      {type: 'text', value: '/'},
      {type: 'param', name: 'user id'},
      {type: 'text', value: '/u-'},
      {type: 'param', name: 'id'},
    ]);
    assert.deepEqual(parsePath('/a\\:b\\{c\\}'), [{type: 'text', value: '/a:b{c}'}], 'escapes are text');
    assert.deepEqual(parsePath('/:ünïcode_1$'), [{type: 'text', value: '/'}, {type: 'param', name: 'ünïcode_1$'}]);
  });

  test('a malformed template is a TypeError saying where', () => {
    for (const [path, message] of [
      ['/a/:id?', /Unexpected \? .*at 6/],
      ['/a/(b)', /Unexpected \(/],
      ['/a/:', /Missing parameter name at 4/],
      ['/a/:1x', /Missing parameter name/],
      ['/a{/:b', /Unterminated \{/],
      ['/a}/b', /Unexpected \}/],
      ['/:"open', /Unterminated quote/],
      ['/a\\', /Nothing to escape/],
    ] as const) {
      assert.throws(() => parsePath(path), (error: unknown) => error instanceof TypeError && message.test(error.message) && error.message.includes(`"${path}"`), path);
    }
  });

  test('fills parameters (encoded), wildcards (segments) and optional parts when their parameters are given', () => {
    assert.equal(fill('/users/:id{/:slug}', {id: 'a/b'}), '/users/a%2Fb');
    assert.equal(fill('/users/:id{/:slug}', {id: '7', slug: 'x y'}), '/users/7/x%20y');
    assert.equal(fill('/files/*path', {path: ['a', 'b c']}), '/files/a/b%20c');
    assert.equal(fill('/a{/:b{/:c}}', {b: '1'}), '/a/1');
    assert.equal(fill('/a{/:b{/:c}}', {b: '1', c: '2'}), '/a/1/2');
    assert.equal(fill('/a{/:b{/:c}}', {c: '2'}), '/a', 'an outer part without its parameter is left out whole');
  });

  test('parameters named like members of Object.prototype neither read nor set them', () => {
    const url = (path: string, params: object) => new RestEndpoint({path}).url(params as never);
    assert.equal(url('/a{/:constructor}', {constructor: undefined}), '/a');
    assert.equal(url('/a/:toString', {toString: 'x'}), '/a/x');
    assert.equal(url('/a/:__proto__', JSON.parse('{"__proto__": "x"}')), '/a/x');
    assert.throws(() => url('/a/:__proto__', Object.create(null)), /missing required path parameter "__proto__"/);
  });

  test('writes tokens back as a template that parses the same', () => {
    for (const path of ['/users/:id{/:slug}', '/:"user id"/x', '/a\\:b', '/files/*path', '/a{/:b{/:c}}', '/:"a"b', '/*"a"𝑥']) {
      assert.deepEqual(parsePath(stringifyPath(parsePath(path))), parsePath(path), path);
    }
  });
});
