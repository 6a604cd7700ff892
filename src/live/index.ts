export {LiveFeed, type LiveFeedOptions, type LiveMessage, type FeedStatus, type FeedSession, type FeedTransport} from './live-feed.js';
export {EventSourceFeed, type EventSourceFeedOptions, type EventSourceConstructor, type EventSourceLike} from './event-source-feed.js';
export {WebSocketFeed, type WebSocketFeedOptions, type WebSocketConstructor, type WebSocketLike, type WebSocketEnvelope} from './websocket-feed.js';
export {WorkerWebSocket} from './worker-websocket.js';
export {FeedError, type FeedErrorKind} from './feed-error.js';
export {Backoff, type BackoffOptions} from '../core/index.js';
export {feedUrl, RESUME_PARAM, type FeedUrl} from './feed-url.js';
export {RecentIds} from './recent-ids.js';
