// The browser side of the server-rendering example. Lit's hydrate support must load before
// any element is defined, and so must ours (which lets <data-provider> read the snapshot the
// server rendered into it); the provider is defined before the readers, so that they find its
// Controller (started from the snapshot in the page) on their first render.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import '../../components/hydrate-support.js';
import '../../components/provider.js';
// Re-exported rather than imported bare: this package's `sideEffects` list does not name the
// examples, and a bundler would drop a bare import of a file it believes has no effects.
export {SsrArticleList, SsrArticleCount} from './elements.js';
