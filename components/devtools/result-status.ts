import type {ResultMeta} from '../../src/core/index.js';

/** The status of a result as the devtools shows it. */
export type ResultStatus = 'valid' | 'stale' | 'invalid' | 'error';

/**
 * A result's status from its meta at time `now`: `error` when its last
 * fetch failed, `invalid` when invalidated, `stale` past its expiry, else
 * `valid`. (A result holding a deleted required entity is invalid too; the
 * live view asks the Controller for that, see `liveStatus`.)
 */
export function metaStatus(meta: ResultMeta | undefined, now: number): ResultStatus {
  if (!meta) return 'invalid';
  if (meta.error !== undefined) return 'error';
  if (meta.invalidated) return 'invalid';
  return now > meta.expiresAt ? 'stale' : 'valid';
}

/** `850 ms`, `12 s`, `3 min`, `2 h`: how long ago `time` was. */
export function ageText(time: number, now: number): string {
  const ms = Math.max(0, now - time);
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.floor(ms / 1_000)} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min`;
  return `${Math.floor(ms / 3_600_000)} h`;
}

/** `12:04:31.250`: a client time of day, for the commit log. */
export function clockText(time: number): string {
  const date = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}
