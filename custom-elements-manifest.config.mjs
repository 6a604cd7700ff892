// custom-elements.json (package.json "customElements"), written by `npm run analyze`
// (part of `npm run build`) from the JSDoc of components/*.ts and components/devtools/data-devtools.ts: @attr, @prop, @fires,
// @slot, @csspart on each element class, plus the Lit `static properties` (`litelement`).
// The element modules are analyzed, plus the base class they inherit from.

// Lifecycle methods every LitElement has: not this package's API.
const LIFECYCLE = new Set([
  'connectedCallback',
  'disconnectedCallback',
  'attributeChangedCallback',
  'render',
  'updated',
  'willUpdate',
  'firstUpdated',
  'shouldUpdate',
  'createRenderRoot',
  'update',
]);

/** module path -> class name -> the event names of its `@fires` tags */
const documentedEvents = {};

export default {
  globs: ['components/data-*.ts', 'components/devtools/data-devtools.ts', 'components/template-host-element.ts'],
  outdir: '.',
  // package.json names custom-elements.json already; the docs write a second copy elsewhere.
  packagejson: false,
  litelement: true,
  plugins: [
    {
      // The elements register through `defineElement('data-x', DataX)` (which skips a second
      // definition when the npm and the CDN build share a page), not `customElements.define`:
      // record those calls as definitions so each class gets its tag name.
      name: 'data-elements:define-element-calls',
      analyzePhase({ts, node, moduleDoc}) {
        if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
        if (node.expression.text !== 'defineElement') return;
        const [tag, klass] = node.arguments;
        if (!tag || !ts.isStringLiteral(tag) || !klass || !ts.isIdentifier(klass)) return;
        moduleDoc.exports = [
          ...(moduleDoc.exports ?? []),
          {
            kind: 'custom-element-definition',
            name: tag.text,
            declaration: {name: klass.text, module: moduleDoc.path},
          },
        ];
      },
    },
    {
      // An element's own `@fires` tags are the whole list of its events: the base class
      // dispatches `data-load` for some elements only (not for <data-query>).
      name: 'data-elements:documented-events',
      analyzePhase({ts, node, moduleDoc}) {
        if (!ts.isClassDeclaration(node) || !node.name) return;
        const fires = ts.getJSDocTags(node).filter(tag => tag.tagName.text === 'fires');
        if (!fires.length) return;
        const names = fires.map(tag => String(ts.getTextOfJSDocComment(tag.comment) ?? '').trim().split(/\s/)[0]);
        (documentedEvents[moduleDoc.path] ??= {})[node.name.text] = new Set(names);
      },
      packageLinkPhase({customElementsManifest}) {
        for (const mod of customElementsManifest.modules ?? []) {
          for (const decl of mod.declarations ?? []) {
            const names = documentedEvents[mod.path]?.[decl.name];
            if (names && decl.events) decl.events = decl.events.filter(e => names.has(e.name));
          }
        }
      },
    },
    {
      // Only what users may touch: exported declarations; no private or protected members;
      // no Lit lifecycle methods.
      name: 'data-elements:public-api-only',
      packageLinkPhase({customElementsManifest}) {
        for (const mod of customElementsManifest.modules ?? []) {
          const exported = new Set((mod.exports ?? []).filter(e => e.kind === 'js').map(e => e.declaration.name));
          mod.declarations = (mod.declarations ?? []).filter(d => exported.has(d.name));
          for (const decl of mod.declarations) {
            if (!decl.members) continue;
            decl.members = decl.members.filter(
              // A property of `static properties` is marked public; other members only when private or protected.
              m => (!m.privacy || m.privacy === 'public') && !m.name.startsWith('#') && !(m.kind === 'method' && LIFECYCLE.has(m.name)),
            );
            // An attribute read by a private field (<data-resource params> -> paramsJson)
            // must not point at a member that is not listed.
            for (const attr of decl.attributes ?? []) {
              if (attr.fieldName && !decl.members.some(m => m.name === attr.fieldName)) delete attr.fieldName;
            }
          }
        }
      },
    },
  ],
};
