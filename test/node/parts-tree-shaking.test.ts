// An app carries only the parts it imports: the consumer app (useSuspense, useController,
// <data-provider>, <data-boundary>) built for production as a user's build does, with the
// package's names resolved to the sources, loads first nothing of a part it does not use.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {bundleApp, CONSUMER_APP, type AppBundle} from '../../bench/app-bundle.js';

/** Each opt-in part: its folder, the import that turns it on, and a name only its code uses. */
const PARTS = [
  {folder: 'src/live/', add: "export {EventSourceFeed, WebSocketFeed} from 'lit-data-elements/live';", marker: /\bEventSource\b|\bWebSocket\b/},
  {folder: 'src/persist/', add: "export {Persistence} from 'lit-data-elements/persist';", marker: /\bindexedDB\b/},
  {folder: 'src/sync/', add: "export {TabSync} from 'lit-data-elements/sync';", marker: /\bBroadcastChannel\b/},
  {folder: 'src/pagination/', add: "export {fetchNextPage} from 'lit-data-elements/pagination';", marker: /next page/},
  {folder: 'src/offline/', add: "export {OfflineWrites} from 'lit-data-elements/offline';", marker: /lit-data-elements-writes/},
  {folder: 'src/snapshots/', add: "export {dehydrate} from 'lit-data-elements/snapshots';", marker: /data-elements\/state/},
  // The marker is signal-polyfill's (which the part brings): the app carries none of it either.
  {folder: 'src/signals/', add: "export {cacheSignal} from 'lit-data-elements/signals';", marker: /Writes to signals not permitted/},
];

const files = (bundle: AppBundle, folder: string) => [...bundle.inputs.keys()].filter(path => path.startsWith(folder));

test('the consumer app loads first no code of a part it does not import', async () => {
  const app = await bundleApp(CONSUMER_APP);
  assert.ok(files(app, 'src/core/').length > 0, 'the app was built from the sources');
  for (const {folder, marker} of PARTS) {
    assert.deepEqual(files(app, folder), [], `nothing of ${folder}`);
    assert.doesNotMatch(app.code, marker, `no ${marker} in the app`);
  }
});

test('the check sees each part when the app imports it', async () => {
  for (const {folder, add, marker} of PARTS) {
    const withPart = await bundleApp(`${CONSUMER_APP}\n${add}`);
    assert.ok(files(withPart, folder).length > 0, `${folder} is in the app that imports it`);
    assert.match(withPart.code, marker);
  }
});

test('a Controller without the refresh part polls nothing: the poll timers come with Refresh', async () => {
  const bare = await bundleApp("export {Controller, createResource} from 'lit-data-elements';");
  assert.deepEqual(files(bare, 'src/refresh/'), []);
  assert.doesNotMatch(bare.code, /visibilitychange/);
  const refreshed = await bundleApp("export {Controller} from 'lit-data-elements'; export {Refresh} from 'lit-data-elements/refresh';");
  assert.match(refreshed.code, /visibilitychange/);
});

test('the poll timers load on demand: the consumer app loads first none of them, and has them in a chunk of their own', async () => {
  const app = await bundleApp(CONSUMER_APP);
  assert.ok(files(app, 'src/refresh/').length > 0, 'the provider turns the refresh part on');
  // The scheduler's warning about a bad pollFrequency: a string only its code has.
  const marker = /it must be a positive number of ms/;
  assert.equal(app.inputs.has('src/refresh/poll-scheduler.ts'), false, 'no poll scheduler in what loads first');
  assert.doesNotMatch(app.code, marker);
  assert.match(app.onDemandCode, marker, 'in a chunk loaded on demand');
});

/** Features an app asks for by calling a function: the consumer app (which calls none of them) carries none of their code. */
const FEATURES = [
  {file: 'src/rest/optimistic-resource.ts', add: "export {optimisticResource} from 'lit-data-elements';", marker: /tmp-/},
  {file: 'src/pagination/link-header-resource.ts', add: "export {linkHeaderResource} from 'lit-data-elements/pagination';", marker: /LinkHeaderError/},
  {file: 'components/declarations.ts', add: "import 'lit-data-elements/elements';", marker: /data-elements\/declarations/},
];

test('optimistic defaults, Link header pages and the declarations of the elements are in an app only when it uses them', async () => {
  const app = await bundleApp(CONSUMER_APP);
  for (const {file, add, marker} of FEATURES) {
    assert.equal(app.inputs.has(file), false, `nothing of ${file}`);
    assert.doesNotMatch(app.code, marker, `no ${marker} in the app`);
    const withFeature = await bundleApp(`${CONSUMER_APP}\n${add}`);
    assert.ok(withFeature.inputs.has(file), `${file} is in the app that uses it`);
    assert.match(withFeature.code, marker);
  }
});
