// `import 'lit-data-elements/hydrate-support'`: lets `<data-provider>` start its Controller from a
// snapshot, its `initialState` property or a child `<script type="application/json">` (what a
// server renders with `dehydrate()`). Load it before the page's providers connect, as Lit's own
// hydrate support. The elements entry and the CDN files include it.
import {hydrate, type DehydratedState} from '../src/snapshots/index.js';
import {providerFeatures} from './provider-features.js';

providerFeatures.hydrate = (controller, snapshot) => hydrate(controller, snapshot as DehydratedState | string);
