import {checkMilliseconds, shownValue} from '../dev/index.js';
import {Backoff} from './backoff.js';
import type {ControllerOptions} from './controller-options.js';

/**
 * Refuses Controller options that would otherwise fail late or not at all: an
 * expiry that is not a number (a string, NaN) would keep data fresh forever;
 * retry delays would throw at the first retry, in place of the server's error;
 * plugins and a GC policy that are not ones (a plugin's class in place of an
 * instance) would fail with the engine's own message.
 *
 * @example
 * ```ts
 * checkOptions({dataExpiryLength: NaN}); // TypeError: Controller: dataExpiryLength must be ...
 * ```
 */
export function checkOptions(options: ControllerOptions): void {
  // Any number is a length: 0 or less is stale at once, Infinity never.
  for (const name of ['dataExpiryLength', 'errorExpiryLength'] as const) checkMilliseconds(options[name], `Controller: ${name}`);
  // Backoff refuses delays it cannot use, naming them.
  if (options.retry) new Backoff(options.retry);
  const {plugins, gcPolicy} = options as {plugins?: unknown; gcPolicy?: unknown};
  if (plugins !== undefined) {
    if (!Array.isArray(plugins)) throw new TypeError(`Controller: plugins must be a list of plugins, got ${shownValue(plugins)}`);
    plugins.forEach((plugin: unknown, i) => {
      if (typeof (plugin as {attach?: unknown} | null)?.attach === 'function') return;
      const given = typeof plugin === 'function' ? `the class ${plugin.name}: give an instance (new ${plugin.name}())` : `${shownValue(plugin)}, which has no attach()`;
      throw new TypeError(`Controller: plugins[${i}] is ${given}`);
    });
  }
  if (gcPolicy !== undefined && typeof (gcPolicy as {sweep?: unknown} | null)?.sweep !== 'function') {
    throw new TypeError(`Controller: gcPolicy must be a GCPolicy (new GCPolicy()), got ${typeof gcPolicy === 'function' ? `the class ${gcPolicy.name}` : shownValue(gcPolicy)}`);
  }
}
