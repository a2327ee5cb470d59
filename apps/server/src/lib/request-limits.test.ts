import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, nextIp, useTestApp, type TestApp } from '../../test/helpers.js';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './rate-limit.js';

/**
 * docs/api.md §1.7, the last three rows: every route without a family of its own is limited per user with a
 * valid token (600 a minute), and per address without one: 3,000 GETs and 300 other calls a minute.
 * Run with the in-process store, and with the Redis store when TEST_REDIS_URL is set.
 */
const RATE_LIMITED = '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.';
/** hundreds of requests each: generous on a busy machine */
const SLOW = 180_000;

/** Sends `count` requests, ten at a time (the window is real time on Redis); fails unless each is answered with `status`. */
async function expectEach(count: number, status: number, send: () => ReturnType<TestApp['get']>) {
  for (let sent = 0; sent < count; sent += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, count - sent) }, send));
    for (const [i, res] of batch.entries())
      if (res.statusCode !== status) throw new Error(`request ${sent + i + 1} answered ${res.statusCode} ${res.body}`);
  }
}

function expectLimited(res: Awaited<ReturnType<TestApp['get']>>) {
  expectError(res, 429, 'rate_limited', RATE_LIMITED);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

const stores: Array<[string, (() => { store: CounterStore; close(): void }) | null]> = [
  ['in process', () => ({ store: new MemoryCounterStore(), close: () => {} })],
  [
    'through Redis',
    process.env.TEST_REDIS_URL
      ? () => {
          // a prefix of its own, so counters of other test runs on the same server never meet these
          const redis = new Redis(process.env.TEST_REDIS_URL!, { keyPrefix: `test-${randomBytes(6).toString('hex')}:` });
          return { store: new RedisCounterStore(redis), close: () => redis.disconnect() };
        }
      : null,
  ],
];

describe.each(stores)('rate limits of every other route (%s)', (name, makeStore) => {
  const inProcess = name === 'in process';
  const t = useTestApp();
  let closeStore = () => {};
  // before the app closes (after-hooks run in reverse)
  afterAll(() => closeStore());
  beforeEach(() => {
    if (!makeStore) return;
    closeStore();
    const { store, close } = makeStore();
    closeStore = close;
    t.countLimitsIn(store);
  });

  it.runIf(makeStore)(
    'with a valid token: the 600th call in a minute passes and the 601st is 429, per user across addresses',
    async () => {
      const u = await t.user();
      await expectEach(599, 200, () => t.get('/api/users/me', { token: u.token, ip: nextIp() }));
      // writes of the same user count in the same family
      const edit = { email: `${u.loginId}@example.com`, phoneNumber: '01012345678', nickname: u.nickname };
      expect((await t.put(`/api/users/${u.id}`, { token: u.token, ip: nextIp(), body: edit })).statusCode).toBe(200);
      expectLimited(await t.get('/api/users/me', { token: u.token, ip: nextIp() }));
      expectLimited(await t.put(`/api/users/${u.id}`, { token: u.token, body: edit }));

      // another user, and anonymous callers from the same address, are not affected
      const other = await t.user();
      expect((await t.get('/api/users/me', { token: other.token })).statusCode).toBe(200);
      expect((await t.get('/api/recruitments?page=0')).statusCode).toBe(200);
      if (inProcess) {
        // a window is a minute (the Redis store counts in real time: its TTL is checked in rate-limit.test.ts)
        t.clock.advance(61_000);
        expect((await t.get('/api/users/me', { token: u.token })).statusCode).toBe(200);
      }
    },
    SLOW,
  );

  it.runIf(makeStore)(
    'anonymous GET: 3,000 a minute from one address pass and the 3,001st is 429',
    async () => {
      const ip = nextIp();
      await expectEach(3000, 200, () => t.get('/api/recruitments?page=0', { ip }));
      expectLimited(await t.get('/api/recruitments?page=0', { ip }));
      // a GET of a member route counts here too (limited before it is told to log in)
      expectLimited(await t.get('/api/messages/unread-count', { ip }));

      // other methods from that address, signed-in people behind it and other addresses still pass
      expectError(await t.post('/api/groups', { ip, body: {} }), 401, 'login_required');
      const u = await t.user();
      expect((await t.get('/api/recruitments?page=0', { ip, token: u.token })).statusCode).toBe(200);
      expect((await t.get('/api/recruitments?page=0', { ip: nextIp() })).statusCode).toBe(200);
    },
    SLOW,
  );

  it.runIf(makeStore)(
    'anonymous other methods: the 301st POST of the family from one address is 429, before authentication',
    async () => {
      const ip = nextIp();
      // POST /api/groups and PUT /api/users/{id} have no family of their own: both count here, then answer 401
      await expectEach(150, 401, () => t.post('/api/groups', { ip, body: {} }));
      await expectEach(150, 401, () => t.put('/api/users/1', { ip, body: {} }));
      expectLimited(await t.post('/api/groups', { ip, body: {} }));
      // a token that does not verify is anonymous
      expectLimited(await t.post('/api/groups', { ip, token: 'not.a.token', body: {} }));

      // GETs from that address still pass, and so does the same call from another address
      expect((await t.get('/api/recruitments?page=0', { ip })).statusCode).toBe(200);
      expectError(await t.post('/api/groups', { ip: nextIp(), body: {} }), 401, 'login_required');
      if (inProcess) {
        t.clock.advance(61_000);
        expectError(await t.post('/api/groups', { ip, body: {} }), 401, 'login_required');
      }
    },
    SLOW,
  );
});
