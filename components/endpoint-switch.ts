import {canFetch, type EndpointInterface} from '../src/endpoint/index.js';

/**
 * A stand-in endpoint that forwards to whichever endpoint is its `target`
 * now. `<data-resource>` reads through one of these, so its `useSuspense`
 * controller lives as long as the element while the resource it reads
 * (set by attributes or the `resource` property) may change. Keys are the
 * target's own, so the element shares cached results with any other reader
 * of the same endpoint.
 *
 * @example
 * ```ts
 * const reading = new EndpointSwitch();
 * const reader = useSuspense(host, reading, () => (reading.target ? [params] : null));
 * reading.target = TodoResource.getList;
 * ```
 */
export class EndpointSwitch implements EndpointInterface {
  target: EndpointInterface | undefined = undefined;
  /** Polls at this frequency (ms) instead of the target's own, when set. */
  pollOverride: number | undefined = undefined;

  get schema(): unknown {
    return this.target?.schema;
  }
  get sideEffect(): boolean {
    return this.target?.sideEffect ?? false;
  }
  get name(): string {
    return this.target?.name ?? 'EndpointSwitch';
  }
  get dataExpiryLength(): number | undefined {
    return this.target?.dataExpiryLength;
  }
  get pollFrequency(): number | undefined {
    return this.pollOverride ?? this.target?.pollFrequency;
  }

  key(...args: unknown[]): string {
    return this.current().key(...args);
  }

  normalizeArgs(args: readonly unknown[]): unknown[] {
    const target = this.current();
    return target.normalizeArgs ? target.normalizeArgs(args) : [...args];
  }

  fetch(...args: unknown[]): Promise<unknown> {
    const target = this.current();
    if (!canFetch(target)) return Promise.reject(new TypeError(`${target.name ?? 'The endpoint'} cannot be fetched`));
    return target.fetch(...args);
  }

  private current(): EndpointInterface {
    if (!this.target) throw new Error('EndpointSwitch: no endpoint to read yet');
    return this.target;
  }
}
