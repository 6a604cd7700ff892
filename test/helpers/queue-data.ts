// Queues data already decoded into the push batch, with a callback per push: how the batch
// tests drive it without a feed (a feed queues its messages as they came, read when written).
import type {Controller} from '../../src/index.js';
import type {EndpointInterface} from '../../src/endpoint/index.js';
import {queuePush, type PushOwner} from '../../src/live/push-batch.js';

interface DataPush {
  readonly endpoint: EndpointInterface;
  readonly data: unknown;
  readonly settled: (written: boolean, error?: unknown) => void;
}

const owner: PushOwner<DataPush> = {
  read: ({endpoint, data}) => ({endpoint, data}),
  settled: (push, written, error) => push.settled(written, error),
};

/** Queues `data` for `endpoint`; `settled` is told after its write, or why it could not be written. */
export function queueData(controller: Controller, endpoint: EndpointInterface, data: unknown, settled: DataPush['settled']): void {
  queuePush(controller, owner, {endpoint, data, settled});
}
