import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context.js';
import { ManualClock } from '../../../test/clock.js';
import { startAutoClose } from './inactivity.js';

afterEach(() => vi.useRealTimers());

/** The job's timing only: a stand-in database records each run's Seoul date. */
function fakeContext(clock: ManualClock) {
  const days: string[] = [];
  const db = {
    execute: vi.fn(async (query: { queryChunks: unknown[] }) => {
      days.push(String(query.queryChunks.find((c) => typeof c === 'string' && /^\d{4}-\d\d-\d\d$/.test(c))));
      return { rowCount: 0 };
    }),
  };
  const log = { info: vi.fn(), error: vi.fn() };
  return { ctx: { db, clock, log } as unknown as AppContext, days };
}

describe('auto-close schedule', () => {
  it('runs once at start (catch-up), then just after each 00:00 Asia/Seoul, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = new ManualClock(new Date('2025-06-01T14:58:00Z')); // 23:58 in Seoul
    const { ctx, days } = fakeContext(clock);
    const stop = startAutoClose(ctx);
    await vi.advanceTimersByTimeAsync(0);
    expect(days).toEqual(['2025-06-01']);

    clock.set('2025-06-01T14:59:59Z');
    await vi.advanceTimersByTimeAsync(119_000); // not yet past midnight + 1 s
    expect(days).toHaveLength(1);
    clock.set('2025-06-01T15:00:01Z');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(days).toEqual(['2025-06-01', '2025-06-02']);

    stop();
    clock.set('2025-06-02T15:00:01Z');
    await vi.advanceTimersByTimeAsync(25 * 60 * 60 * 1000);
    expect(days).toHaveLength(2);
  });
});
