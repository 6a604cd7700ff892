// @ts-check
// web-test-runner's dev server hands node_modules files to the browser as they are, so a
// CommonJS-only package (path-to-regexp 8 is one) fails in every engine with
// "does not provide an export named 'compile'". This plugin serves the listed packages'
// entry files as ES modules instead: esbuild bundles the CommonJS code, and the named
// exports are the keys the module really has when Node loads it.
// (@rollup/plugin-commonjs via fromRollup is the usual fix, but versions > 18 are known
// to break imports under @web/dev-server, and it would be one more dependency.)
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';

/** @param {string[]} packages bare names of CommonJS packages imported by browser code */
export function cjsToEsm(packages) {
  const require = createRequire(join(process.cwd(), 'package.json'));
  // Match requests by their tail `node_modules/<pkg>/<entry>`: node_modules may be served
  // from inside the root (`/node_modules/...`) or outside it (`/__wds-outside-root__/1/...`
  // when hoisted or symlinked).
  /** @type {{tail: string, file: string, pkg: string}[]} */
  const entries = packages.map(pkg => {
    const file = require.resolve(pkg);
    const i = file.lastIndexOf(`${sep}node_modules${sep}${pkg.split('/').join(sep)}${sep}`);
    if (i < 0) throw new Error(`cjsToEsm: ${pkg} resolved outside node_modules (${file})`);
    return { tail: file.slice(i).split(sep).join('/'), file, pkg };
  });
  /** @type {Map<string, Promise<string>>} */
  const cache = new Map();

  /** @param {string} file @param {string} pkg */
  async function toEsm(file, pkg) {
    const names = Object.keys(require(pkg)).filter(
      k => k !== 'default' && k !== '__esModule' && /^[A-Za-z_$][\w$]*$/.test(k),
    );
    const out = await build({
      stdin: {
        contents:
          // require(), not `import m from`: with `__esModule` set, esbuild's import interop
          // would hand out exports.default (undefined) instead of module.exports.
          `const m = require(${JSON.stringify(file)});\nexport default m;\n` +
          (names.length ? `export const {${names.join(', ')}} = m;\n` : ''),
        resolveDir: dirname(file),
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'error',
    });
    return out.outputFiles[0].text;
  }

  /** @type {import('@web/test-runner').TestRunnerPlugin} */
  const plugin = {
    name: 'cjs-to-esm',
    serve(context) {
      const hit = entries.find(e => context.path.endsWith(e.tail));
      if (!hit) return;
      if (!cache.has(hit.file)) cache.set(hit.file, toEsm(hit.file, hit.pkg));
      return /** @type {Promise<string>} */ (cache.get(hit.file)).then(body => ({ body, type: 'js' }));
    },
  };
  return plugin;
}
