const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** YYYY-MM-DD of the given instant in Asia/Seoul (no DST there, a fixed +09:00). */
export function seoulDate(d: Date): string {
  return new Date(d.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
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
  const dayMs = 24 * 60 * 60 * 1000;
  return dayMs - (local % dayMs);
}
