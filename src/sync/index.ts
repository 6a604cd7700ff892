export {TabSync, DEFAULT_CHANNEL, type TabSyncOptions, type BroadcastChannelLike, type BroadcastChannelConstructor} from './tab-sync.js';
export {ConfirmedChanges} from './confirmed-changes.js';
