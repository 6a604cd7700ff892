// Rig test: the core runs on Node too (SSR, tests, benchmarks) and relies on these
// web platform globals without polyfills. Fails loudly if a Node upgrade/downgrade loses one.
import {test} from 'node:test';
import assert from 'node:assert/strict';

test('Node has fetch, Request/Response and structuredClone as globals', async () => {
  assert.equal(typeof fetch, 'function');
  const res = new Response(JSON.stringify({id: 1}), {status: 201, headers: {'content-type': 'application/json'}});
  assert.equal(res.status, 201);
  assert.deepEqual(await res.json(), {id: 1});
  assert.equal(new Request('http://x.test/a?b=1', {method: 'POST'}).method, 'POST');

  const src = {when: new Date(0), byId: new Map([[1, {name: 'a'}]])};
  const copy = structuredClone(src);
  assert.notEqual(copy.byId, src.byId);
  assert.deepEqual(copy, src);
});
