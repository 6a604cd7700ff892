// `npm run size`: min+gzip size of each published piece, beside Reactive Data
// Client's core + rest measured the same way (esbuild bundle, minify,
// process.env.NODE_ENV = "production", gzip level 9 via node:zlib), with the
// targets and ceilings of bench/size-budgets.ts. A report: it exits 0 whatever the sizes
// (test/node/package-consumer.test.ts is what fails when a ceiling is passed).
//
//   npm run size              prints the table
//   npm run size -- --write   ...and rewrites the size section of BENCHMARKS.md
//   npm run size -- --detail  ...and prints where the minified bytes of each bundle come from
import {build, transform, type Plugin} from 'esbuild';
import {existsSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {gzipSync} from 'node:zlib';
import {devModePlugin} from './dev-mode-plugin.js';
import {cdnModulesPageLoad, type LoadedFile} from './cdn-modules.js';
import {splitOutputs} from './initial-load.js';
import {bundleApp, CONSUMER_APP, LIT_EXTERNAL, packageFromSources, PRODUCTION_BUILD} from './app-bundle.js';
import {ROOT, installedVersion, machineLines, table, writeSection} from './report.js';
import {SIZE_CEILINGS, SIZE_TARGETS} from './size-budgets.js';

const WRITE = process.argv.includes('--write');

const DETAIL = process.argv.includes('--detail');

interface Entry {
  readonly name: string;
  /** Module paths (relative to the root) or package names the bundle re-exports; undefined when absent. */
  readonly modules?: string[];
  /** A built file measured as it is (re-minified, then gzipped). */
  readonly file?: string;
  /** An app's entry module, bundled with the package's names resolved to its sources (tree-shaken). */
  readonly app?: string;
  /** A page of plain HTML on the CDN's ES modules: the elements it uses besides the provider (see bench/cdn-modules.ts). */
  readonly cdnPage?: string[];
  readonly external?: string[];
  /** Target and ceiling (bench/size-budgets.ts). */
  readonly budget?: keyof typeof SIZE_TARGETS;
  /** Whether BENCHMARKS.md lists where its bytes come from. */
  readonly breakdown?: boolean;
  /** Bundle the development build (diagnostics kept); the others are production builds, as `dist/esm` is. */
  readonly development?: boolean;
  /** Why it is skipped, when it is. */
  readonly missing?: string;
  readonly note?: string;
}

const exists = (path: string) => existsSync(join(ROOT, path));

/** The core: src/index.ts when it exists, else the core layers that exist. */
function coreModules(): {modules: string[]; note: string} {
  if (exists('src/index.ts')) return {modules: ['src/index.ts'], note: 'entry src/index.ts (schema, endpoint, core, rest)'};
  const layers = ['src/schema/index.ts', 'src/endpoint/index.ts', 'src/core/index.ts', 'src/rest/index.ts'].filter(exists);
  const absent = ['src/rest/index.ts'].filter(p => !exists(p));
  return {
    modules: layers,
    note: `src/index.ts absent: ${layers.map(p => p.replace(/^src\/|\/index\.ts$/g, '')).join(' + ')}${absent.length ? ` (${absent.join(', ')} absent)` : ''}`,
  };
}

const core = coreModules();
const entries: Entry[] = [
  {name: 'core (schema, endpoint, Controller, rest)', modules: core.modules, note: core.note},
  {name: 'core + rest + Lit integration (Lit runtime external)', modules: [...core.modules, 'src/lit/index.ts'], external: LIT_EXTERNAL},
  {
    name: 'a Lit app: useSuspense, useController, `<data-provider>`, `<data-boundary>` (Lit runtime external)',
    app: 'test/fixtures/consumer/app/main.ts',
    external: LIT_EXTERNAL,
    budget: 'litApp',
    breakdown: true,
    note: 'test/fixtures/consumer/app/main.ts bundled and tree-shaken, the package names resolved to the sources; test/node/package-consumer.test.ts builds the same app from the packed tarball with Vite and esbuild and holds the ceiling',
  },
  exists('components/index.ts')
    ? {name: 'elements (with core and Lit integration; Lit runtime external)', modules: ['components/index.ts'], external: LIT_EXTERNAL}
    : {name: 'elements (with core and Lit integration; Lit runtime external)', missing: 'components/index.ts does not exist yet'},
  ...(exists('components/index.ts')
    ? [
        {
          name: 'elements, development build (diagnostics kept; Lit runtime external)',
          modules: ['components/index.ts'],
          external: LIT_EXTERNAL,
          development: true,
          note: 'what the `development` export condition gives (dist/development); every other row is a production build',
        },
      ]
    : []),
  exists('dist/cdn/data-elements.js')
    ? {
        name: 'CDN file, Lit inside (dist/cdn/data-elements.js)',
        file: 'dist/cdn/data-elements.js',
        budget: 'cdnFile',
        note: `the file as built at ${statSync(join(ROOT, 'dist/cdn/data-elements.js')).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC (rebuild with npm run build), minified again by esbuild before gzip`,
      }
    : {name: 'CDN file, Lit inside (dist/cdn/data-elements.js)', missing: 'not built (npm run build)', budget: 'cdnFile'},
  ...[
    {tags: ['data-query'], name: 'CDN modules, Lit inside: a page using `<data-provider>` and `<data-query>`', budget: 'cdnQueryPage' as const},
    {tags: [], name: 'CDN modules, Lit inside: a page using `<data-provider>` only'},
    {tags: ['data-resource', 'data-query'], name: 'CDN modules, Lit inside: a page using `<data-provider>`, `<data-resource>` and `<data-query>`'},
  ].map(({tags, name, budget}): Entry =>
    exists('dist/cdn/modules/autoload.js')
      ? {
          name,
          cdnPage: tags,
          budget,
          breakdown: budget !== undefined,
          note: 'dist/cdn/modules/autoload.js, the chunks it imports and the chunks of the elements used, as built (rebuild with npm run build); each file gzipped on its own, as it travels',
        }
      : {name, missing: 'not built (npm run build)', budget},
  ),
  exists('components/devtools/index.ts')
    ? {
        name: '`<data-devtools>` entry alone (lit-data-elements/devtools; Lit runtime external)',
        modules: ['components/devtools/index.ts'],
        external: LIT_EXTERNAL,
        note: 'no other entry imports it (test/node/devtools-bundle.test.ts); it carries no core',
      }
    : {name: '`<data-devtools>` entry alone (lit-data-elements/devtools; Lit runtime external)', missing: 'components/devtools/index.ts does not exist yet'},
  exists('dist/cdn/data-devtools.js')
    ? {name: 'devtools CDN file, Lit inside (dist/cdn/data-devtools.js)', file: 'dist/cdn/data-devtools.js'}
    : {name: 'devtools CDN file, Lit inside (dist/cdn/data-devtools.js)', missing: 'not built (npm run build)'},
  ...(exists('src/cdn.ts')
    ? [{name: 'CDN entry src/cdn.ts bundled here by esbuild, Lit inside (for comparison)', modules: ['src/cdn.ts'], breakdown: true}]
    : []),
  {
    name: `@data-client/core ${installedVersion('@data-client/core')} + @data-client/rest ${installedVersion('@data-client/rest')}`,
    modules: ['@data-client/core', '@data-client/rest'],
  },
  {name: `@data-client/core ${installedVersion('@data-client/core')} alone`, modules: ['@data-client/core']},
  {name: `@data-client/rest ${installedVersion('@data-client/rest')} alone (endpoint, schemas)`, modules: ['@data-client/rest']},
];

interface Measured {
  min: number;
  gzip: number;
  /** Minified bytes by source group (package or src folder), when bundled here. */
  groups?: Map<string, number>;
  /** min + gzip of the chunks loaded only by import(), left out of `gzip`. */
  onDemandGzip?: number;
  /** The files of a CDN modules page. */
  files?: readonly LoadedFile[];
}

/** `node_modules/@lit/context/...` to `@lit/context`, `src/schema/x.ts` to `src/schema`. */
function group(path: string): string {
  const nm = path.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const parts = path.slice(nm + 13).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = path.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The source groups of a file's modules, largest first by module count: `src/core (30), lit-html (9)`. */
function sourceGroups(sources: readonly string[]): string {
  const count = new Map<string, number>();
  for (const source of sources) count.set(group(source), (count.get(group(source)) ?? 0) + 1);
  return [...count].sort((a, b) => b[1] - a[1]).map(([g, n]) => `${g} (${n})`).join(', ') || '(bundler runtime)';
}

const packageFromSourcesPlugin = packageFromSources();

async function measure(entry: Entry): Promise<Measured> {
  let code: string;
  let groups: Map<string, number> | undefined;
  let lazy = '';
  if (entry.cdnPage) {
    const {files, min, gzip} = cdnModulesPageLoad(join(ROOT, 'dist/cdn/modules'), entry.cdnPage);
    return {min, gzip, files};
  }
  if (entry.file) {
    const source = readFileSync(join(ROOT, entry.file), 'utf8');
    code = (await transform(source, {minify: true, format: 'esm', target: 'es2022', loader: 'js'})).code;
  } else {
    const specifier = (m: string) => (m.startsWith('src/') || m.startsWith('components/') ? `./${m}` : m);
    const contents = (entry.modules ?? []).map(m => `export * from ${JSON.stringify(specifier(m))};`).join('\n');
    const result = await build({
      ...PRODUCTION_BUILD,
      ...(entry.app
        ? {entryPoints: [join(ROOT, entry.app)], plugins: [packageFromSourcesPlugin, devModePlugin(false)]}
        : {stdin: {contents, resolveDir: ROOT, sourcefile: 'size-entry.js', loader: 'js' as const}, plugins: [devModePlugin(entry.development ?? false)]}),
      outdir: join(ROOT, 'dist/size'),
      external: entry.external ?? [],
    });
    const {initial, onDemand} = splitOutputs(result);
    code = initial.map(output => output.text).join('\n');
    lazy = onDemand.map(output => output.text).join('\n');
    groups = new Map();
    for (const output of initial) {
      for (const [path, {bytesInOutput}] of Object.entries(output.inputs)) {
        const g = group(path);
        groups.set(g, (groups.get(g) ?? 0) + bytesInOutput);
      }
    }
  }
  const bytes = Buffer.from(code);
  return {min: bytes.length, gzip: gzipSync(bytes, {level: 9}).length, groups, onDemandGzip: lazy ? gzipSync(lazy, {level: 9}).length : 0};
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;
const rows: string[][] = [];
const notes: string[] = [];
/** Where the bytes of each budgeted bundle come from, for BENCHMARKS.md. */
const breakdowns: string[] = [];
for (const entry of entries) {
  if (entry.missing) {
    rows.push([entry.name, '–', '–', entry.budget ? 'skipped' : '', '']);
    notes.push(`${entry.name}: skipped, ${entry.missing}.`);
    continue;
  }
  const {min, gzip, groups, onDemandGzip, files} = await measure(entry);
  if (onDemandGzip) notes.push(`${entry.name}: sizes are what loads first; ${kB(onDemandGzip)} more load on demand (persistence, tab sync and offline writes when a provider asks for them, the poll timers with the first read of an endpoint with a \`pollFrequency\`).`);
  if (DETAIL && groups) {
    const total = [...groups.values()].reduce((a, b) => a + b, 0);
    console.log(`${entry.name}: minified bytes by source (before gzip)`);
    for (const [g, b] of [...groups].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${kB(b).padStart(10)}  ${((100 * b) / total).toFixed(0).padStart(3)}%  ${g}`);
    }
  }
  if (entry.breakdown && groups) {
    const total = [...groups.values()].reduce((a, b) => a + b, 0);
    const parts = [...groups].filter(([, b]) => b > 0).sort((a, b) => b[1] - a[1]);
    breakdowns.push(
      `Where the minified bytes of "${entry.name}" come from (before gzip; gzip shrinks each part about alike):`,
      '',
      table(['source', 'minified', 'share'], parts.map(([g, b]) => [g, kB(b), `${((100 * b) / total).toFixed(0)}%`]), ['l', 'r', 'r']),
      '',
    );
  }
  if (entry.breakdown && files) {
    const parts = [...files].sort((a, b) => b.gzip - a.gzip);
    breakdowns.push(
      `The files of "${entry.name}", and what each holds:`,
      '',
      table(
        ['file', 'minified', 'gzip', 'holds'],
        parts.map(file => [file.file, kB(file.min), kB(file.gzip), sourceGroups(file.sources)]),
        ['l', 'r', 'r', 'l'],
      ),
      '',
    );
  }
  const target = entry.budget && SIZE_TARGETS[entry.budget];
  const ceiling = entry.budget && SIZE_CEILINGS[entry.budget];
  rows.push([
    entry.name,
    kB(min),
    kB(gzip),
    target ? `${kB(target)}: ${gzip <= target ? 'met' : `**not met** (${(gzip / target).toFixed(2)}×)`}` : '',
    ceiling ? `${kB(ceiling)}: ${gzip <= ceiling ? 'held' : '**passed**'}` : '',
  ]);
  if (entry.note) notes.push(`${entry.name}: ${entry.note}.`);
}


/**
 * What each part adds to the consumer app (test/fixtures/consumer): an opt-in part with its
 * whole entry imported, a default of <data-provider> by what the app loses without it.
 */
interface PartRow {
  readonly name: string;
  readonly how: string;
  /** Source added to the app (an opt-in part). */
  readonly add?: string;
  /** Modules replaced by stubs (a default the app carries). */
  readonly without?: Record<string, string>;
  /** What of it loads on demand rather than first: the row then says how much that is. */
  readonly onDemand?: string;
}
const PART_ROWS: PartRow[] = [
  {
    name: 'retries (backoff with jitter, Retry-After)',
    how: 'in the core: every Controller retries failed GETs (`retry: false` turns it off)',
    without: {
      'src/core/retry-policy.ts': 'export const retryOptions = () => undefined; export const retryDelay = () => undefined;',
      'src/core/backoff.ts': 'export class Backoff {}',
    },
  },
  {
    name: 'refresh (polling, refetch on focus and on reconnect): what loads first',
    how: 'a default of `<data-provider>`; elsewhere `plugins: [new Refresh()]` from `lit-data-elements/refresh`',
    without: {'src/refresh/index.ts': 'export class Refresh { attach() { return () => {}; } }'},
    onDemand: 'the poll timers, in a chunk loaded with the first read of an endpoint with a `pollFrequency`',
  },
  {name: 'pagination', how: '`lit-data-elements/pagination`', add: "export * from 'lit-data-elements/pagination';"},
  {name: 'snapshots (dehydrate, hydrate, merge)', how: '`lit-data-elements/snapshots`', add: "export * from 'lit-data-elements/snapshots';"},
  {name: "the provider's hydrate support", how: '`lit-data-elements/hydrate-support` (in the elements entry and the CDN)', add: "import 'lit-data-elements/hydrate-support';"},
  {name: 'live feeds (SSE, WebSocket)', how: '`lit-data-elements/live`', add: "export * from 'lit-data-elements/live';"},
  {name: '… a WebSocket feed alone', how: '`WebSocketFeed` from `lit-data-elements/live`', add: "export {WebSocketFeed} from 'lit-data-elements/live';"},
  {name: '… a WebSocket feed with its socket in a worker', how: '`WebSocket: WorkerWebSocket` from `lit-data-elements/live`', add: "export {WebSocketFeed, WorkerWebSocket} from 'lit-data-elements/live';"},
  {name: 'persistence (IndexedDB)', how: '`lit-data-elements/persist`; `<data-provider persist>` loads it on demand', add: "export * from 'lit-data-elements/persist';"},
  {name: 'offline writes (queued while offline, kept in IndexedDB)', how: '`plugins: [new OfflineWrites()]` from `lit-data-elements/offline`', add: "export * from 'lit-data-elements/offline';"},
  {name: 'tab sync (BroadcastChannel)', how: '`lit-data-elements/sync`; `<data-provider sync-tabs>` loads it on demand', add: "export * from 'lit-data-elements/sync';"},
  {
    name: 'signals (the cache as Lit signals), with the `Signal` of @lit-labs/signals and signal-polyfill',
    how: '`lit-data-elements/signals`, beside `@lit-labs/signals` (an optional peer; an app using signals loads it anyway)',
    add: "export * from 'lit-data-elements/signals';",
  },
  {name: 'garbage collection (GCPolicy)', how: '`new Controller({gcPolicy: new GCPolicy()})`', add: "export {GCPolicy} from 'lit-data-elements';"},
];
const app = await bundleApp(CONSUMER_APP);
const partRows: string[][] = [];
for (const part of PART_ROWS) {
  const other = part.add ? await bundleApp(`${CONSUMER_APP}\n${part.add}`) : await bundleApp(CONSUMER_APP, {stubs: part.without});
  const sign = part.add ? 1 : -1;
  const delta = (a: number, b: number) => `${sign * (b - a) >= 0 ? '+' : ''}${kB(sign * (b - a))}`;
  // The on-demand chunks gzipped together: about what the part's chunk weighs on its own.
  const onDemand = part.onDemand ? `; ${part.onDemand}: about ${delta(app.onDemandGzip, other.onDemandGzip)} min+gzip more` : '';
  partRows.push([part.name, part.add ? 'opt-in' : 'default', delta(app.min, other.min), delta(app.gzip, other.gzip), part.how + onDemand]);
}
const partsTable = table(['part', 'in the app', 'minified', 'min + gzip', 'how to turn it on'], partRows, ['l', 'l', 'r', 'r', 'l']);

const sizeTable = table(['bundle', 'minified', 'min + gzip', 'target', 'ceiling held by the tests'], rows, ['l', 'r', 'r', 'l', 'l']);
console.log(sizeTable);
console.log(`\nWhat each part adds to the Lit app above (${kB(app.gzip)} min+gzip): an opt-in part with its whole entry imported, a default by what the app would be without it.\n`);
console.log(partsTable);
if (notes.length) console.log(`\n${notes.map(n => `- ${n}`).join('\n')}`);
console.log('\n(targets and ceilings: bench/size-budgets.ts; test/node/package-consumer.test.ts fails when a ceiling is passed)');

if (WRITE) {
  writeSection(
    'size',
    [
      '## Bundle size',
      '',
      ...machineLines('npm run size -- --write'),
      `- esbuild ${installedVersion('esbuild')}: bundle, minify, ES2022, \`process.env.NODE_ENV = "production"\`; gzip level 9 (node:zlib). Each row bundles \`export *\` of its modules, so nothing is tree-shaken away; the Lit runtime (\`lit\`, \`lit-html\`, \`lit-element\`, \`@lit/reactive-element\`) is external where marked; \`@lit/context\`, \`@lit/task\`, stampino and jexpr are counted. 1 kB = 1024 bytes.`,
      '',
      sizeTable,
      ...(notes.length ? ['', ...notes.map(n => `- ${n}`)] : []),
      '',
      `### The parts`,
      '',
      `What each part adds to the Lit app above (${kB(app.gzip)} min+gzip, first load): an opt-in part with its whole entry imported (an app that uses less of it carries less), a default by what the app would weigh without it.`,
      '',
      partsTable,
      ...(breakdowns.length ? ['', ...breakdowns] : []),
    ].join('\n'),
  );
  console.log(`wrote the size section of ${relative(process.cwd(), join(ROOT, 'BENCHMARKS.md')) || 'BENCHMARKS.md'}`);
}
