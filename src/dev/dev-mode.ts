/**
 * Whether development-mode diagnostics run: warnings for mistakes that would
 * otherwise fail silently (a reader error nothing shows, an attribute close to
 * a known one, a template name the model lacks, a `<data-provider>` that was
 * never defined).
 *
 * This is the one switch. Running from the sources (tests, the demo) it is
 * `true`; the production builds (`dist/esm`, the CDN file) are built with this
 * module replaced by `export const DEV_MODE = false` (see `vite.config.ts`), so
 * every `if (DEV_MODE)` branch, and the messages only it reaches, are dropped.
 * Users pick a build with the `development` export condition, as with Lit.
 */
export const DEV_MODE: boolean = true;
