// Jobs, picked by command and mode:
//   vite                                 demo dev server on 127.0.0.1:5173 (`npm start`), `/` -> /demo/
//   vite build                           ESM library (production): one module per source file, dependencies external
//   vite build --mode development        the same with development-mode diagnostics, into dist/development
//   vite build --mode cdn                one minified, self-contained ES module with Lit inside (production)
//   vite build --mode cdn-devtools       the same for <data-devtools> alone (after `cdn`, which
//                                        empties dist/cdn): dist/cdn/data-devtools.js
//   vite build --mode cdn-development    the same with diagnostics and Lit's development build, not minified
//   vite build --mode cdn-modules        the CDN as minified ES modules with Lit inside, sharing chunks: an
//                                        autoloader that loads each element on first use, and the entries
//                                        of the npm package (dist/cdn/modules)
// (`vite build --mode demo` builds the demo page into dist/demo.)
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {defineConfig, type Plugin} from 'vite';
import {DEV_MODE_MODULE, devModeModule, withoutDevMode} from './scripts/dev-mode.mjs';
import {modulesLoadedFirst} from './scripts/page-modules.mjs';
import {renamePrivateMembers, type RenamedFile} from './scripts/private-names.mjs';

/** The parts, each an entry of the package (`lit-data-elements/<name>`) and a CDN module. */
const PART_ENTRIES = {
  refresh: 'src/refresh/index.ts',
  pagination: 'src/pagination/index.ts',
  snapshots: 'src/snapshots/index.ts',
  live: 'src/live/index.ts',
  persist: 'src/persist/index.ts',
  sync: 'src/sync/index.ts',
  signals: 'src/signals/index.ts',
  offline: 'src/offline/index.ts',
};

const ROOT = fileURLToPath(new URL('./', import.meta.url));

// Development-mode diagnostics: production builds drop every `if (DEV_MODE)` branch and what
// only it uses (see scripts/dev-mode.mjs); development builds keep them.
const DEV_MODE_FILE = ROOT + DEV_MODE_MODULE;
function devMode(enabled: boolean): Plugin {
  return {
    name: 'data-elements-dev-mode',
    enforce: 'pre',
    load: id => (id.split('?')[0] === DEV_MODE_FILE ? devModeModule(enabled) : undefined),
    transform(code, id) {
      if (enabled || id === DEV_MODE_FILE || !id.startsWith(ROOT) || id.includes('/node_modules/')) return undefined;
      const stripped = withoutDevMode(code);
      return stripped === undefined ? undefined : {code: stripped, map: null};
    },
  };
}

// Production builds give our classes' private members short names (see scripts/private-names.mjs);
// the development builds keep the names as written.
function privateNames(): Plugin {
  let renamed: Map<string, RenamedFile> | undefined;
  return {
    name: 'data-elements-private-names',
    enforce: 'pre',
    load(id) {
      renamed ??= renamePrivateMembers(ROOT);
      return renamed.get(id.split('?')[0]!);
    },
  };
}

// The demo lives in demo/ but the server root is the project root, so that demo code can
// import src/ and components/ by plain relative paths and public/ (msw's worker) is served
// at `/`, whose service-worker scope then covers /demo/.
function rootToDemo(): Plugin {
  return {
    name: 'root-to-demo',
    configureServer: server =>
      void server.middlewares.use((req, res, next) => {
        if (req.url !== '/' && req.url !== '/index.html') return next();
        res.statusCode = 302;
        res.setHeader('location', '/demo/');
        res.end();
      }),
  };
}

// Everything in "dependencies" stays an import in the ESM build: users' bundlers dedupe
// lit (two copies of lit break element registration and context).
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Peer dependencies (Lit) are the app's own copies: never inside the npm build either.
const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
const external = (id: string) => deps.some(d => id === d || id.startsWith(`${d}/`));

// The CDN file is one module: what npm builds load on demand (the provider's persistence and
// tab sync, which it exports anyway, and the refresh part's poll timers) it takes from the same
// file, through a bundled twin of each loader, rather than from a chunk.
const BUNDLED_LOADERS: {source: string; importer: string; twin: string}[] = [
  {source: './load-provider-plugins.js', importer: '/components/data-provider.ts', twin: 'components/load-provider-plugins-bundled.ts'},
  {source: './load-poll-scheduler.js', importer: '/src/refresh/refresh.ts', twin: 'src/refresh/load-poll-scheduler-bundled.ts'},
];
const bundledLoaders: Plugin = {
  name: 'bundled-loaders',
  enforce: 'pre',
  resolveId(source, importer) {
    const loader = BUNDLED_LOADERS.find(l => source === l.source && importer?.endsWith(l.importer));
    return loader ? ROOT + loader.twin : undefined;
  },
};

/**
 * How the CDN modules are split. Left to itself the bundler makes a chunk for every set of entries
 * that shares a module, and with a dozen entries a page with <data-provider> and <data-query>
 * loaded two dozen small files, each gzipped alone and each with its own import and export lists.
 * Four groups instead, of the modules such a page loads (found by `modulesLoadedFirst`): the core
 * (schema, endpoint, Controller, refresh); Lit and what the elements use of the Lit
 * integration; the provider's and boundary's elements; and the declarations <data-query> shares
 * with <data-live>. The rest of the Lit integration is in two more: the fetching readers, which
 * <data-resource> uses too, and the controllers only an app's own elements use (the `lit` entry).
 * Each element's own module stays in a chunk of its own, which the autoloader imports on first
 * use, and the modules of no group (the template layer every templated element shares, what the
 * other elements and parts add) are split as the bundler decides.
 */
async function cdnChunkGroups() {
  const AUTOLOAD = ROOT + 'components/autoload.ts';
  const DATA_QUERY = ROOT + 'components/data-query.ts';
  const provider = await modulesLoadedFirst(ROOT, 'components/autoload.ts');
  const query = await modulesLoadedFirst(ROOT, 'components/data-query.ts');
  const live = await modulesLoadedFirst(ROOT, 'components/data-live.ts');
  const resource = await modulesLoadedFirst(ROOT, 'components/data-resource.ts');
  // The provider's hydrate hook goes with the core: hydrate-support, loaded before the autoloader,
  // sets it, and must not define the elements by loading the chunk that holds them.
  const HYDRATE_HOOK = ROOT + 'components/provider-features.ts';
  const onQueryPage = (id: string) => (provider.has(id) || query.has(id)) && id !== AUTOLOAD && id !== DATA_QUERY;
  const path = (pattern: string) => new RegExp(pattern.replaceAll('/', '[\\\\/]'));
  const CORE = path('/src/(schema|endpoint|core|dev|refresh)/');
  // The Lit runtime, the Lit integration and what every element is defined with.
  const LIT = path('/(node_modules/(lit|lit-html|lit-element|@lit/[\\w-]+)/|src/lit/|components/(define-element|unknown-attributes|attribute-error)\\.ts$)');
  // A layer's index (re-exports, no code of its own) goes with its layer, or an entry that imports the index would load the chunk the index landed in.
  const isIndex = (id: string) => id.endsWith('/index.ts');
  return [
    {name: 'core', priority: 3, test: (id: string) => (CORE.test(id) && (onQueryPage(id) || isIndex(id))) || id === HYDRATE_HOOK},
    // What the elements need of the Lit runtime and the Lit integration, and the compiler's
    // decorator helper, which every element uses.
    {name: 'lit', priority: 2, test: (id: string) => (LIT.test(id) && onQueryPage(id)) || id.includes('@oxc-project+runtime')},
    // The fetching readers, which <data-resource> uses too: a page of <data-query> alone does not load them.
    {name: 'lit-fetch', priority: 2, test: (id: string) => id.startsWith(ROOT + 'src/lit/') && !onQueryPage(id) && resource.has(id)},
    // The rest of the Lit integration (the controllers an app's own elements use): its entry
    // (lit-data-elements/lit) loads this chunk beside those above, and a page of elements alone does not.
    {name: 'lit-api', priority: 2, test: (id: string) => id.startsWith(ROOT + 'src/lit/') && !onQueryPage(id) && !resource.has(id)},
    {name: 'provider', priority: 1, test: (id: string) => onQueryPage(id) && provider.has(id)},
    {name: 'declarations', priority: 0, test: (id: string) => onQueryPage(id) && live.has(id)},
  ];
}

export default defineConfig(async ({command, mode}) => {
  if (command === 'serve' || mode === 'demo') {
    return {
      plugins: [rootToDemo()],
      publicDir: 'public',
      // Pre-bundle the demo's dependencies at start-up (found from both pages), so the first
      // page load does not trigger a re-optimize and a full reload.
      optimizeDeps: {entries: ['demo/*.html']},
      build: {
        outDir: 'dist/demo',
        emptyOutDir: true,
        target: 'es2022',
        // html-only.html loads the CDN file (dist/cdn/data-elements.js): build it first.
        rolldownOptions: {input: {index: 'demo/index.html', 'html-only': 'demo/html-only.html'}},
      },
      server: {host: '127.0.0.1', port: 5173, strictPort: true},
      preview: {host: '127.0.0.1', port: 4173, strictPort: true},
    };
  }
  if (mode === 'cdn' || mode === 'cdn-devtools') {
    const devtools = mode === 'cdn-devtools';
    return {
      plugins: [devMode(false), privateNames(), bundledLoaders],
      build: {
        outDir: 'dist/cdn',
        emptyOutDir: !devtools,
        copyPublicDir: false,
        target: 'es2022',
        minify: true,
        sourcemap: true,
        // The devtools file carries its own Lit (a page may load it alone, beside an npm build)
        // but no core: it only calls the Controller it is given through the context.
        lib: devtools
          ? {entry: 'components/devtools/index.ts', formats: ['es'], fileName: () => 'data-devtools.js'}
          : {entry: 'src/cdn.ts', formats: ['es'], fileName: () => 'data-elements.js'},
        // Vite 8 library-mode ES output keeps whitespace unless rolldown is told to minify.
        rolldownOptions: {output: {minify: true, comments: {annotation: false}}},
      },
    };
  }
  if (mode === 'cdn-modules') {
    return {
      plugins: [devMode(false), privateNames()],
      build: {
        outDir: 'dist/cdn/modules',
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'es2022',
        minify: true,
        sourcemap: true,
        lib: {
          entry: {
            autoload: 'components/autoload.ts',
            index: 'src/index.ts',
            lit: 'src/lit/index.ts',
            ...PART_ENTRIES,
            // With its own @lit-labs/signals, and the names of it a page uses (src/signals-cdn.ts).
            signals: 'src/signals-cdn.ts',
            'hydrate-support': 'components/hydrate-support.ts',
            elements: 'components/index.ts',
            devtools: 'components/devtools/index.ts',
          },
          formats: ['es'],
        },
        // Which chunks each module needs: the size report and the package test follow it to measure what a page loads.
        manifest: true,
        rolldownOptions: {
          output: {
            minify: true,
            comments: {annotation: false},
            entryFileNames: '[name].js',
            chunkFileNames: 'chunks/[name]-[hash].js',
            codeSplitting: {groups: await cdnChunkGroups()},
          },
        },
      },
    };
  }
  if (mode === 'cdn-development') {
    return {
      plugins: [devMode(true), bundledLoaders],
      // Lit's own development build too (its warnings), as the `development` condition picks it.
      resolve: {conditions: ['module', 'browser', 'development']},
      build: {
        outDir: 'dist/cdn',
        // Written beside the production file (built first by `npm run build`).
        emptyOutDir: false,
        copyPublicDir: false,
        target: 'es2022',
        minify: false,
        sourcemap: true,
        lib: {entry: 'src/cdn.ts', formats: ['es'], fileName: () => 'data-elements.development.js'},
      },
    };
  }
  const development = mode === 'development';
  return {
    plugins: development ? [devMode(true)] : [devMode(false), privateNames()],
    build: {
      outDir: development ? 'dist/development' : 'dist/esm',
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'es2022',
      minify: false,
      sourcemap: true,
      lib: {
        // Keys are output names: dist/esm/index.js, lit/index.js, components/index.js
        // (the paths package.json "exports" points at).
        entry: {
          index: 'src/index.ts',
          'lit/index': 'src/lit/index.ts',
          internal: 'src/internal.ts',
          ...Object.fromEntries(Object.entries(PART_ENTRIES).map(([name, source]) => [`${name}/index`, source])),
          'components/index': 'components/index.ts',
          'components/hydrate-support': 'components/hydrate-support.ts',
          'components/provider': 'components/provider.ts',
          'components/autoload': 'components/autoload.ts',
          'components/devtools/index': 'components/devtools/index.ts',
        },
        formats: ['es'],
      },
      rolldownOptions: {
        external,
        // One output module per source module keeps tree-shaking exact for users;
        // src/ is stripped so src/lit/x.ts -> dist/esm/lit/x.js.
        output: {preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js'},
      },
    },
  };
});
