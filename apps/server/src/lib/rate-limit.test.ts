import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { MemoryCounterStore, RateLimiter, RedisCounterStore, type CounterStore } from './rate-limit.js';

const limit = { name: `t${Date.now()}`, max: 3, windowMs: 60_000 };

async function exercise(storeA: CounterStore, storeB: CounterStore) {
  let now = new Date('2025-01-01T00:00:00Z');
  const a = new RateLimiter(storeA, () => now);
  const b = new RateLimiter(storeB, () => now);
  await a.consume([{ limit, key: 'ip:1' }]);
  await b.consume([{ limit, key: 'ip:1' }]);
  await a.consume([{ limit, key: 'ip:1' }]);
  const over = await b.consume([{ limit, key: 'ip:1' }]).catch((e: unknown) => e);
  expect(over).toBeInstanceOf(AppError);
  expect((over as AppError).status).toBe(429);
  expect(Number((over as AppError).headers['Retry-After'])).toBeGreaterThan(0);
  await a.consume([{ limit, key: 'ip:2' }]);

  // a refunded hit (a refused request of a refundRefused family) leaves the window as it was
  const refunding = { ...limit, name: `${limit.name}-refund`, refundRefused: true };
  for (let i = 0; i < 5; i++) {
    const counters: string[] = [];
    await a
      .consume(
        [
          { limit: refunding, key: 'u:1' },
          { limit, key: 'u:1' },
        ],
        counters,
      )
      .catch(() => undefined);
    expect(counters).toEqual([`${refunding.name}:u:1`]);
    await b.refund(counters);
  }
  for (let i = 0; i < 3; i++) await b.consume([{ limit: refunding, key: 'u:1' }]);
  await expect(a.consume([{ limit: refunding, key: 'u:1' }])).rejects.toBeInstanceOf(AppError);
  return (ms: number) => (now = new Date(now.getTime() + ms));
}

describe('rate limiter', () => {
  it('counts in fixed windows in process and opens again after the window', async () => {
    const store = new MemoryCounterStore();
    const advance = await exercise(store, store);
    advance(61_000);
    await new RateLimiter(store, () => new Date('2025-01-01T00:01:01Z')).consume([{ limit, key: 'ip:1' }]);
  });

  // Run by .ci/run and `npm test` when TEST_REDIS_URL points at a Redis server.
  it.runIf(process.env.TEST_REDIS_URL)('shares counters between instances through Redis', async () => {
    const r1 = new Redis(process.env.TEST_REDIS_URL!);
    const r2 = new Redis(process.env.TEST_REDIS_URL!);
    try {
      await exercise(new RedisCounterStore(r1), new RedisCounterStore(r2));
    } finally {
      r1.disconnect();
      r2.disconnect();
    }
  });
});
