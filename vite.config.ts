// Three jobs, picked by command and mode:
//   vite                    demo dev server on 127.0.0.1:5173 (`npm start`), `/` -> /demo/
//   vite build              ESM library: one module per source file, dependencies external
//   vite build --mode cdn   one minified, self-contained ES module with Lit inside
//   vite build --mode cdn-devtools   the same for <data-devtools> alone (after `cdn`, which
//                           empties dist/cdn): dist/cdn/data-devtools.js
// (`vite build --mode demo` builds the demo page into dist/demo.)
import {readFileSync} from 'node:fs';
import {defineConfig, type Plugin} from 'vite';

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
const deps = Object.keys(pkg.dependencies ?? {});
const external = (id: string) => deps.some(d => id === d || id.startsWith(`${d}/`));

export default defineConfig(({command, mode}) => {
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
  return {
    build: {
      outDir: 'dist/esm',
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
          'components/index': 'components/index.ts',
          'components/provider': 'components/provider.ts',
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
