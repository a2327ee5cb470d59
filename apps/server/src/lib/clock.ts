const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 60 * 60 * 1000;
/** the Seoul day last asked for (every public read asks, for its cache key): its bounds and its text */
let lastDay = { from: 0, to: 0, text: '' };

/** YYYY-MM-DD of the given instant in Asia/Seoul (no DST there, a fixed +09:00). */
export function seoulDate(d: Date): string {
  const ms = d.getTime();
  if (ms >= lastDay.from && ms < lastDay.to) return lastDay.text;
  const local = ms + SEOUL_OFFSET_MS;
  const from = local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - SEOUL_OFFSET_MS;
  lastDay = { from, to: from + DAY_MS, text: new Date(local).toISOString().slice(0, 10) };
  return lastDay.text;
}

/** ISO 8601 in Asia/Seoul to whole seconds, e.g. 2025-06-01T13:45:12+09:00. */
export function seoulDateTime(d: Date): string {
  return new Date(d.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 19) + '+09:00';
}

export function nullableSeoulDateTime(d: Date | null | undefined): string | null {
  return d ? seoulDateTime(d) : null;
}

/** Milliseconds from `d` until the next 00:00 in Seoul. */
export function msUntilSeoulMidnight(d: Date): number {
  const local = d.getTime() + SEOUL_OFFSET_MS;
  return DAY_MS - (local % DAY_MS);
}
