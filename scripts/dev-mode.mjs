// Development-mode diagnostics hang on one constant, `DEV_MODE` (src/dev/dev-mode.ts, `true`
// in the sources). A production build (vite.config.ts; bench/size.ts through esbuild) writes
// `false` in its place in every module, before tree-shaking, so each `if (DEV_MODE)` branch
// drops out with its messages and the modules only it used. (Bundlers' own constant inlining
// across modules runs after tree-shaking, too late to drop a module.)

/** The module that holds the switch, relative to the project root. */
export const DEV_MODE_MODULE = 'src/dev/dev-mode.ts';

/** The switch module as a production or development build loads it. */
export function devModeModule(enabled) {
  return `export const DEV_MODE = ${Boolean(enabled)};\n`;
}

/**
 * A module's source with every use of `DEV_MODE` written as `false`, or undefined when it
 * uses none. Import and re-export lines keep the name (the binding is then unused and dropped).
 */
export function withoutDevMode(code) {
  if (!code.includes('DEV_MODE')) return undefined;
  return code
    .split('\n')
    .map(line => (/^\s*(import|export)\b.*\bfrom\b/.test(line) ? line : line.replace(/\bDEV_MODE\b/g, 'false')))
    .join('\n');
}
