// The autoloader imported by server code: with Lit SSR's global DOM shim installed (a
// `document` and a `MutationObserver` that are not a browser's), importing it throws nothing,
// it defines <data-provider> in the shim's registry as in a browser, and `discover` finds
// nothing to load. (In the browser: test/cdn-modules.test.ts.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import '@lit-labs/ssr/lib/install-global-dom-shim.js';

test('importing the autoloader on a server with the global DOM shim throws nothing', async () => {
  assert.equal(typeof document, 'object', 'the shim gives a document');
  const {discover} = await import('../../components/autoload.js');
  assert.ok(customElements.get('data-provider'), '<data-provider> is defined, as in a browser');
  await discover(document);
  assert.equal(customElements.get('data-query'), undefined, 'nothing was loaded on demand');
});
