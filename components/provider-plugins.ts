// Loaded by <data-provider> only when its `persist` or `sync-tabs` attribute asks for it, so
// that an app without them carries neither IndexedDB persistence nor tab sync.
import type {Controller} from '../src/core/index.js';
import {Persistence} from '../src/persist/index.js';
import {TabSync} from '../src/sync/index.js';
import {OfflineWrites} from '../src/offline/index.js';

/** What `<data-provider>`'s attributes turn on for its own Controller. */
export interface ProviderPluginOptions {
  /** The `persist` attribute: a database name, empty for the default; absent turns persistence off. */
  readonly persist?: string;
  /** The `persist-version` attribute. */
  readonly persistVersion?: string;
  /** The `sync-tabs` attribute: a channel name, empty for the default; absent turns tab sync off. */
  readonly syncTabs?: string;
  /** The `queue-offline` attribute: the queue's database name, empty for the default; absent turns offline writes off. */
  readonly queueOffline?: string;
  /** The endpoints whose queued writes a reloaded page restores (the provider's `offlineEndpoints`), read when needed. */
  readonly offlineEndpoints?: Iterable<object>;
}

/** The parts attached to a provider's Controller, and the function that stops them all. */
export interface AttachedProviderPlugins {
  readonly persistence: Persistence | undefined;
  readonly detach: () => void;
}

/**
 * Attaches persistence and tab sync to `controller` as the provider's
 * attributes ask. Attribute values cannot be wrong here: an empty name picks
 * the default, a version is any text.
 */
export function attachProviderPlugins(controller: Controller, options: ProviderPluginOptions): AttachedProviderPlugins {
  const detachers: (() => void)[] = [];
  let persistence: Persistence | undefined;
  if (typeof options.persist === 'string') {
    persistence = new Persistence({
      ...(options.persist ? {name: options.persist} : {}),
      ...(typeof options.persistVersion === 'string' ? {version: options.persistVersion} : {}),
    });
    detachers.push(persistence.attach(controller));
  }
  if (typeof options.queueOffline === 'string') {
    detachers.push(new OfflineWrites({...(options.queueOffline ? {database: options.queueOffline} : {}), endpoints: options.offlineEndpoints ?? []}).attach(controller));
  }
  if (typeof options.syncTabs === 'string') detachers.push(new TabSync(options.syncTabs ? {channel: options.syncTabs} : {}).attach(controller));
  return {persistence, detach: () => detachers.forEach(detach => detach())};
}
