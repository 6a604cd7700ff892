// How <data-provider> gets persistence and tab sync: loaded on demand, so that bundles of apps
// that never ask for them leave them out. The CDN build, which exports them anyway, swaps
// this module for load-provider-plugins-bundled.ts (see vite.config.ts).
import type * as ProviderPlugins from './provider-plugins.js';

/** Loads the module that attaches `persist` and `sync-tabs` to a provider's Controller. */
export const loadProviderPlugins = (): Promise<typeof ProviderPlugins> => import('./provider-plugins.js');
