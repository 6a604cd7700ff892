// The `Link` header (RFC 8288) as `<data-resource link-header>` and the default nextPage read
// it: entries with quoted params holding commas and semicolons, several relations in one rel,
// empty list elements; a header off the grammar is a SyntaxError saying where.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {nextLinkParam, parseLinkHeader} from '../../src/pagination/internal.js';

test('entries, params and relations, quoted values holding commas', () => {
  const links = parseLinkHeader('<https://x.test/a?c=1,2>; rel="prev first"; title="a, b; c", , </a?cursor=b2>;REL=next;rel=ignored');
  assert.deepEqual(
    links.map(l => ({url: l.url, rel: l.rel, title: l.params.get('title')})),
    [
      {url: 'https://x.test/a?c=1,2', rel: ['prev', 'first'], title: 'a, b; c'},
      {url: '/a?cursor=b2', rel: ['next'], title: undefined},
    ],
  );
  assert.deepEqual(parseLinkHeader(''), []);
  assert.deepEqual(parseLinkHeader('  '), []);
});

test('a header off the grammar is a SyntaxError that says where', () => {
  assert.throws(() => parseLinkHeader('/a?cursor=1; rel=next'), {name: 'SyntaxError', message: 'expected "<" at character 1 of "/a?cursor=1; rel=next"'});
  assert.throws(() => parseLinkHeader('</a; rel=next'), /expected ">"/);
  assert.throws(() => parseLinkHeader('</a>; rel="next'), /expected a closing quote/);
  assert.throws(() => parseLinkHeader('</a> rel=next'), /expected "," or ";" at character 6/);
  assert.throws(() => parseLinkHeader('</a>; =next'), /expected a param name/);
});

test('nextLinkParam: the param of rel="next", undefined without one, an error when it lacks the param', () => {
  assert.equal(nextLinkParam('</a>; rel=first, </a?limit=5&cursor=b%3D2>; rel="next last"', 'cursor'), 'b=2');
  assert.equal(nextLinkParam('</a>; rel=first', 'cursor'), undefined);
  assert.equal(nextLinkParam('', 'cursor'), undefined);
  assert.throws(() => nextLinkParam('</a?after=3>; rel=next', 'cursor'), {name: 'SyntaxError', message: 'its rel="next" URL /a?after=3 has no "cursor" param'});
});
