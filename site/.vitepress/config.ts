// The documentation site. Served by `npm run docs`, built by `npm run docs:build`
// (scripts/docs.mjs generates the references first). See site/README.md for how it is made.
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {defineConfig, type DefaultTheme} from 'vitepress';
import {expandMarkers, pagesOfFiles, type MarkerOptions} from './markers.js';
import {apiSidebar, group} from './sidebar.js';

const SITE = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const REPOSITORY = String(pkg.repository.url).replace(/^git\+/, '').replace(/\.git$/, '');

// Set DOCS_BASE=/lit-data-elements/ to publish under a sub-path.
const BASE = process.env.DOCS_BASE ?? '/';

const markerOptions: MarkerOptions = {root: ROOT, siteDir: SITE, sourceUrl: `${REPOSITORY}/blob/main`};

function mainSidebar(): DefaultTheme.SidebarItem[] {
  return [
    group(SITE, 'getting-started', 'Getting started'),
    group(SITE, 'guide', 'Guides'),
    {
      text: 'Reference',
      items: [
        {text: 'API', link: '/reference/api/'},
        {text: 'Elements', link: '/reference/elements/'},
      ],
    },
    group(SITE, 'migration', 'Migrating'),
    group(SITE, 'quality', 'Reliability and speed'),
  ];
}

export default defineConfig({
  title: 'data-elements',
  description: pkg.description,
  lang: 'en',
  base: BASE,
  // The .ico too: browsers without SVG icons ask for it, and so does every browser in the dev
  // server, whose first HTML has no head links yet (VitePress adds them in the page).
  head: [
    ['link', {rel: 'icon', href: `${BASE}favicon.ico`, sizes: '48x48'}],
    ['link', {rel: 'icon', type: 'image/svg+xml', href: `${BASE}favicon.svg`}],
  ],
  cleanUrls: false,
  lastUpdated: false,
  srcExclude: ['README.md'],
  markdown: {
    config(md) {
      // Rebuilt per render, so a new whole-file include is linked to at once in the dev server.
      md.core.ruler.before('normalize', 'site-markers', state => {
        const page = String(state.env?.relativePath ?? '(page)');
        state.src = expandMarkers(state.src, page, markerOptions, pagesOfFiles(SITE));
      });
      // Inline code shows template syntax as written (`{{ item.title }}`): VitePress pages
      // are Vue templates, and only fenced blocks are kept from Vue's interpolation by default.
      const inlineCode = md.renderer.rules.code_inline!;
      md.renderer.rules.code_inline = (...args) => inlineCode(...args).replace(/^<code/, '<code v-pre');
    },
  },
  vite: {
    // `npm run docs:preview` serves the build itself (scripts/serve-static.mjs), on 127.0.0.1:4174.
    server: {host: '127.0.0.1', port: 5174, fs: {allow: [ROOT]}},
    // Lit decorators in the examples: see TOOLCHAIN.md (tsconfig.json has the decorator settings).
    esbuild: {target: 'es2022'},
    // The local search index (the API reference included) is about 700 kB, loaded on first search.
    build: {target: 'es2022', chunkSizeWarningLimit: 1500},
  },
  themeConfig: {
    logo: '/favicon.svg',
    nav: [
      {text: 'Getting started', link: '/getting-started/html'},
      {text: 'Guides', link: '/guide/elements'},
      {text: 'API', link: '/reference/api/'},
      {text: 'Elements', link: '/reference/elements/'},
      {text: 'npm', link: `https://www.npmjs.com/package/${pkg.name}`},
      {text: 'Source', link: REPOSITORY},
    ],
    sidebar: {
      '/reference/api/': [{text: 'API reference', link: '/reference/api/', items: apiSidebar(SITE)}, {text: 'Elements reference', link: '/reference/elements/'}],
      '/reference/elements/': [group(SITE, 'reference/elements', 'Elements reference', {link: '/reference/elements/'}), {text: 'API reference', link: '/reference/api/'}],
      '/': mainSidebar(),
    },
    outline: [2, 3],
    search: {provider: 'local'},
    footer: {message: `${pkg.name} ${pkg.version}, ${pkg.license} licensed.`},
  },
});
