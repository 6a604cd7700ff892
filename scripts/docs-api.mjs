// The API reference of the documentation site: TypeDoc over the package's entry points,
// written as Markdown (typedoc-plugin-markdown) in VitePress's flavour, with the sidebar
// (typedoc-vitepress-theme), so the reference is pages of the site like any other: same
// navigation, search and link check. The JSDoc in src/ and components/ is the source.
//   node scripts/docs-api.mjs OUT_DIR SITE_DIR
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {pathToFileURL} from 'node:url';
import {Application, Converter, OptionDefaults} from 'typedoc';

/**
 * Source entry point -> the module name users import, read from package.json `exports`:
 * each export with `types` (`./dist/types/src/lit/index.d.ts`) documents its source
 * (`src/lit/index.ts`), so a new entry point is in the reference without a change here.
 */
export function entryPoints(pkg = JSON.parse(readFileSync('package.json', 'utf8'))) {
  const entries = {};
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const types = typeof target === 'object' ? target.types : undefined;
    if (!types) continue;
    const source = types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts');
    if (!existsSync(source)) throw new Error(`package.json exports "${subpath}": its types ${types} come from ${source}, which does not exist`);
    entries[source] = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.replace(/^\.\//, '')}`;
  }
  return entries;
}

// The elements' JSDoc tags for the custom-elements-manifest analyzer; TypeDoc keeps them.
const ELEMENT_TAGS = ['@attr', '@prop', '@fires', '@slot', '@csspart', '@cssprop'];

/** Generates the reference into `out` (emptied first); resolves with TypeDoc's warning count. */
export async function writeApiReference(out, docsRoot) {
  rmSync(out, {recursive: true, force: true});
  const entries = entryPoints();
  const app = await Application.bootstrapWithPlugins({
    entryPoints: Object.keys(entries),
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
  const byPath = Object.fromEntries(Object.entries(entries).map(([file, name]) => [file.replace(/\.ts$/, '').replace(/\/index$/, ''), name]));
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, context => {
    for (const module of context.project.children ?? []) {
      if (!byPath[module.name]) throw new Error(`TypeDoc named a module "${module.name}", which is none of ${Object.keys(byPath).join(', ')}`);
      module.name = byPath[module.name];
    }
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not convert the entry points (see the errors above)');
  await app.generateOutputs(project);
  if (app.logger.hasErrors()) throw new Error('TypeDoc reported errors (see above)');
  return app.logger.warningCount;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out, root] = process.argv.slice(2);
  if (!out || !root) {
    console.error('usage: node scripts/docs-api.mjs OUT_DIR SITE_DIR');
    process.exit(2);
  }
  const warnings = await writeApiReference(out, root);
  console.log(`API reference -> ${out}${warnings ? ` (${warnings} TypeDoc warnings)` : ''}`);
}
