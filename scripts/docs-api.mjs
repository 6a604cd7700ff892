// The API reference of the documentation site: TypeDoc over the three package entry points,
// written as Markdown (typedoc-plugin-markdown) in VitePress's flavour, with the sidebar
// (typedoc-vitepress-theme), so the reference is pages of the site like any other: same
// navigation, search and link check. The JSDoc in src/ and components/ is the source.
//   node scripts/docs-api.mjs OUT_DIR SITE_DIR
import {rmSync} from 'node:fs';
import {pathToFileURL} from 'node:url';
import {Application, Converter, OptionDefaults} from 'typedoc';

/** Entry point -> the module name users import. */
export const ENTRY_POINTS = {
  'src/index.ts': 'lit-data-elements',
  'src/lit/index.ts': 'lit-data-elements/lit',
  'components/index.ts': 'lit-data-elements/elements',
};

// The elements' JSDoc tags for the custom-elements-manifest analyzer; TypeDoc keeps them.
const ELEMENT_TAGS = ['@attr', '@prop', '@fires', '@slot', '@csspart', '@cssprop'];

/** Generates the reference into `out` (emptied first); resolves with TypeDoc's warning count. */
export async function writeApiReference(out, docsRoot) {
  rmSync(out, {recursive: true, force: true});
  const app = await Application.bootstrapWithPlugins({
    entryPoints: Object.keys(ENTRY_POINTS),
    tsconfig: 'tsconfig.build.json',
    plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
    out,
    docsRoot,
    readme: 'none',
    excludePrivate: true,
    excludeProtected: true,
    excludeInternal: true,
    // Members the elements inherit from HTMLElement and LitElement belong to the platform and Lit.
    excludeExternals: true,
    blockTags: [...OptionDefaults.blockTags, ...ELEMENT_TAGS],
    hideGenerator: true,
    // A page per class; functions, interfaces, types and variables are sections of their
    // module's page (about 40 pages instead of 140: quicker to load one by one in the test,
    // and a module's page reads as an overview of what it exports).
    outputFileStrategy: 'members',
    membersWithOwnFile: ['Class'],
    // Links name the plugin's own anchors (`#viewstate-1` when a member `View.state` took
    // `#viewstate`), which VitePress's heading ids do not follow: write them into the page.
    useHTMLAnchors: true,
    // The three entry points side by side in the sidebar, not `lit` inside `lit-data-elements`.
    navigation: {includeFolders: false, includeGroups: true},
    // The entry points' names, not the folders TypeDoc would name them after.
    entryPointStrategy: 'resolve',
    logLevel: 'Warn',
  });
  // TypeDoc names an entry point's module after its path (`src/lit`); users import it by
  // the package's export name.
  const byPath = Object.fromEntries(Object.entries(ENTRY_POINTS).map(([file, name]) => [file.replace(/\/index\.ts$/, ''), name]));
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, context => {
    for (const module of context.project.children ?? []) module.name = byPath[module.name] ?? module.name;
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not convert the entry points (see the errors above)');
  await app.generateOutputs(project);
  if (app.logger.hasErrors()) throw new Error('TypeDoc reported errors (see above)');
  return app.logger.warningCount;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out, root] = process.argv.slice(2);
  if (!out || !root) {
    console.error('usage: node scripts/docs-api.mjs OUT_DIR SITE_DIR');
    process.exit(2);
  }
  const warnings = await writeApiReference(out, root);
  console.log(`API reference -> ${out}${warnings ? ` (${warnings} TypeDoc warnings)` : ''}`);
}
