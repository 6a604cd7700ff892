// The CDN build's stand-in for load-provider-plugins.ts: that file exports persistence and tab
// sync from the start, so the provider takes them from the same module instead of a chunk.
import * as ProviderPlugins from './provider-plugins.js';

/** The module that attaches `persist` and `sync-tabs` to a provider's Controller, already loaded. */
export const loadProviderPlugins = (): Promise<typeof ProviderPlugins> => Promise.resolve(ProviderPlugins);
