// Size budgets in one place, read by `npm run size` (the report) and by
// test/node/package-consumer.test.ts (which fails when a ceiling is passed).
//
// Two numbers per bundle: the target the project set itself, and the ceiling the test holds
// today. The ceilings sit a little above the measured sizes, so that a change which adds
// weight by accident (a part pulled into the core, the template layer in the provider entry,
// devtools in a main entry, a second copy of a dependency) fails CI, and one that adds weight
// on purpose raises the ceiling in the same commit, in view. BENCHMARKS.md ("Bundle size")
// says where the bytes of each bundle go and what each part adds.

/** 1 kB = 1024 bytes, min + gzip (level 9). */
const kB = (n: number) => Math.round(n * 1024);

/** What each bundle should weigh, min + gzip. */
export const SIZE_TARGETS = {
  /** A Lit app using useSuspense, useController, <data-provider> and <data-boundary>, Lit excluded. */
  litApp: kB(18),
  /** The CDN file, Lit inside: every element and every part; held by its ceiling, with no target of its own. */
  cdnFile: undefined,
  /** What a page using only `<data-provider>` and `<data-query>` loads from the CDN's ES modules (the autoloader and its chunks), Lit inside. */
  cdnQueryPage: kB(30),
} as const;

/** What the tests hold today, min + gzip. */
export const SIZE_CEILINGS = {
  // The core's hook for held writes (the offline writes part) and `pendingOffline` on reads: +0.35 kB.
  // The provider request a list's rows share (instead of @lit/context's ContextConsumer per row),
  // the notifier's single-map records and FetchPolicy's fields: +0.4 kB (28.5 -> 28.9).
  // The memo caches and Query results bounded in two generations (RecentMap) instead of a Map
  // that forgets its first entry, which costs microseconds a call in Firefox: +0.08 kB.
  // The refresh part's poll timers loaded on demand, with the first polled read: -0.42 kB
  // (29.02 -> 28.60 in the package test's Vite build, 28.80 -> 28.36 in `npm run size`).
  // Development mode only: the check for attributes close to known ones, and the advice of two
  // production messages: -0.7 kB (28.6 -> 27.9).
  // <data-provider> refusing a `controller` that is not a Controller (data-error, and the readers
  // keep the Controller they had, where they threw into the page), less `Object.hasOwn` in place
  // of `Object.prototype.hasOwnProperty.call`: +0.05 kB (26.60 -> 26.65 in `npm run size`; the
  // package test's Vite build passed 27.1).
  // A query param that is an object or a Date refused (it was sent as [object Object], and two
  // filters shared one cache entry), and a read whose response is undefined made an error (its
  // readers fetched it again and again): +0.08 kB (26.65 -> 26.73; the Vite build passed 27.2).
  // A resource's delete that keeps a body only when it holds the pk, a prediction's failure said to
  // be the prediction's (and a promise refused), and an Entity's own pk() that throws made a
  // SchemaError naming the entity: +0.11 kB (26.73 -> 26.84; the Vite build passed 27.3).
  // A page of numbered pages that adds nothing ends the list (the store counts what a page added):
  // +0.06 kB. Code written once where it was written twice or more in the schemas, the REST layer,
  // the Lit integration and the provider's options; <data-provider> and <data-boundary> without
  // decorators (the decorators' helper no longer loads); the sending of held writes moved into the
  // offline writes part: -0.62 kB (26.84 -> 26.28; the Vite build 27.3 -> 26.7).
  litApp: kB(26.8),
  // With the signals part, which brings signal-polyfill and @lit-labs/signals (about 5.3 kB of it).
  // With the offline writes part (+2.2 kB). The shared provider request: +0.4 kB (67.3 -> 67.7).
  // Rows built by a constructor per table and reads shared between memo entries (what an
  // entity costs in memory, 1.71x -> 1.48x of plain objects): +0.1 kB (67.8 -> 67.9).
  // Live bursts written in frames, in slices of a frame, reported in order, and the recent ids
  // in a ring: +0.3 kB (67.9 -> 68.3).
  // The refresh part's on-demand load of its poll timers, which this file bundles anyway: +0.19 kB (68.39 -> 68.57).
  // The same development-mode-only check and messages: -0.6 kB (68.57 -> 67.93).
  // Live feeds queue an event-stream message as its text and parse it when they write it
  // (the feed's arrival in Firefox 2.5x cheaper): +0.1 kB (67.93 -> 68.03).
  // WorkerWebSocket (a WebSocket feed's socket in a worker) and `<data-live worker>`: +0.69 kB (66.47 -> 67.16).
  // Failures of the parts that name themselves in reportError, and a value with no JSON form left
  // out of saves and tab messages instead of stopping them: +0.24 kB (67.16 -> 67.40).
  // Readers that show as their error what threw into the page or left them pending (an args
  // function that throws, a Query given to a reader that fetches), useLiveFeed refusing what is not
  // a feed or held with no provider above, <data-resource>'s poll-frequency named, offline writes
  // taking one resource alone: +0.19 kB (67.38 -> 67.57).
  // <data-provider> refusing a `controller` that is not a Controller, and <data-resource> naming its
  // `resource` property as a property in its error (less `Object.hasOwn` for
  // `hasOwnProperty.call`): +0.04 kB (67.57 -> 67.61).
  // Query params that are objects refused, undefined responses made errors, and a stopped offline
  // writes part letting its claim go: +0.08 kB (67.61 -> 67.69).
  // The same three, and a snapshot row that is no object refused: +0.15 kB (67.69 -> 67.84).
  // The same cuts as the Lit app's, and every element without decorators (neither the decorators'
  // helper nor Lit's property and state decorators are bundled): -0.67 kB (67.84 -> 67.17).
  cdnFile: kB(67.3),
  // In four chunks of what such a page loads (vite.config.ts, cdnChunkGroups) besides the
  // autoloader and the elements' own modules: 8 files rather than 24. The shared provider
  // request: +0.3 kB (42.2 -> 42.5). The Lit integration's controllers that no element uses in
  // chunks of their own: -1.4 kB (42.5 -> 41.2).
  // The poll timers on demand, and the development-mode-only check and messages: -1.0 kB (41.3 -> 40.3).
  // The development-mode schema check in src/dev, whose index the core chunk reads first, which
  // reorders that chunk's modules (+0.07 kB, 39.40 -> 39.47), and readers that show as their error
  // what threw into the page or left them pending forever (an args function that throws, a Query
  // given to a reader that fetches, a reader made on a connected host): +0.04 kB (39.47 -> 39.51).
  // <data-provider> refusing a `controller` that is not a Controller, and a read whose response is
  // undefined made an error (its readers fetched it again and again): +0.09 kB (39.53 -> 39.62).
  // A prediction's failure said to be the prediction's, and an Entity's own pk() that throws made a
  // SchemaError: +0.07 kB (39.62 -> 39.69), 0.01 kB under this ceiling.
  // The same cuts as the CDN file's (the page loads no decorators chunk any more): -0.62 kB (39.69 -> 39.07).
  cdnQueryPage: kB(39.2),
} as const;
