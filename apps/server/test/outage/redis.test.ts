import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextIp, type TestApp, type TestUser } from '../helpers.js';
import { runLoad, summary } from '../load.js';
import { startRedis, type RedisServer } from '../services.js';
import { createGroup, createRoom, listen, StompTestClient, type TestGroup } from '../fixtures/chat.js';
import { NOON_SEOUL } from '../fixtures/posts.js';

let redis: RedisServer;
let t: TestApp;
let base: string;
let host: string;
let g: TestGroup;
let topic: string;
let roomId: number;
let load: ReturnType<typeof runLoad> | undefined;
const clients: StompTestClient[] = [];
const users: TestUser[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...String(chunk).split('\n').filter(Boolean)));
  t = await createTestApp({
    now: NOON_SEOUL,
    database: { dataDir: mkdtempSync(path.join(os.tmpdir(), 'redis-outage-')) },
    env: { REDIS_URL: redis.url, TRUST_PROXY: 'true', LOG_LEVEL: 'info' },
    logStream,
  });
  host = await listen(t);
  base = `http://${host}`;
  for (let i = 0; i < 8; i++) users.push(await t.user());
  g = await createGroup(t, 1, '레디스 장애');
  roomId = await createRoom(t, g);
  topic = `/topic/chat/${roomId}`;
});
afterAll(async () => {
  await load?.stop();
  for (const c of clients) c.close();
  await t?.close();
  await redis?.stop();
});

const logged = (text: string) => logLines.some((l) => l.includes(text));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const status = (p: string) => fetch(base + p, { signal: AbortSignal.timeout(5000) }).then((r) => r.status);

/**
 * Eleven logins from one address within a minute: the eleventh is refused (10 a minute, docs/api.md §1.7). Each
 * names another unknown id, so the per-account lock (in the database) plays no part.
 */
async function loginLimitHolds(ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await t.post('/api/auth/login', { ip, body: { loginId: `nobody_${ip}_${i}`, password: 'wrong-password' } });
    statuses.push(res.statusCode);
  }
  expect(statuses.slice(0, 10), JSON.stringify(statuses)).toEqual(Array(10).fill(401));
  expect(statuses[10]).toBe(429);
}

describe('Redis stopped under load', () => {
  it('keeps answering, limits in-process and says so, delivers chat to its own sockets, and resumes when Redis returns', async () => {
    const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    await probe.connect();
    const [admin, member] = [g.admin, g.members[0]];
    const ca = await StompTestClient.connect(host, admin);
    const cm = await StompTestClient.connect(host, member);
    clients.push(ca, cm);
    expect((await ca.subscribe(topic)).command).toBe('RECEIPT');
    expect((await cm.subscribe(topic)).command).toBe('RECEIPT');

    let n = 0;
    load = runLoad(base, 4, () => {
      const user = users[n++ % users.length];
      return { method: 'GET', path: n % 2 ? '/api/users/me' : '/api/boards', token: user.token };
    });
    await sleep(1000);
    const before = nextIp();
    await loginLimitHolds(before);
    expect(await probe.exists(`rl:login:ip:${before}`)).toBe(1);

    probe.disconnect();
    await redis.stop();
    const stoppedAt = Date.now();
    await sleep(500);

    // while Redis is away: the API answers, limits still hold (in this process), chat reaches local sockets
    await loginLimitHolds(nextIp());
    expect(logged('rate limits: Redis unavailable; counting in this process until it returns')).toBe(true);
    expect(await status('/healthz')).toBe(200);
    expect(await status('/readyz')).toBe(503);
    expect((await cm.sendChat(roomId, '레디스 없이', 'during'))?.command).toBe('RECEIPT');
    expect(JSON.parse((await ca.next((f) => f.command === 'MESSAGE' && f.body.includes('레디스 없이'))).body)).toMatchObject({
      message: '레디스 없이',
    });
    await sleep(2000);

    await redis.start();
    const startedAt = Date.now();
    let readyAt = 0;
    while (!readyAt && Date.now() - startedAt < 10_000) {
      if ((await status('/readyz')) === 200) readyAt = Date.now();
      else await sleep(100);
    }
    expect(readyAt - startedAt).toBeLessThan(5000);
    await sleep(500);
    const outcomes = await load.stop();
    console.log(`[redis outage] ${summary(outcomes)}; ready again ${readyAt - startedAt} ms after Redis started`);

    // counting in Redis again, and said so
    expect(logged('rate limits: Redis is back; counting in Redis again')).toBe(true);
    await probe.connect();
    const after = nextIp();
    await t.post('/api/auth/login', { ip: after, body: { loginId: 'nobody_after', password: 'wrong-password' } });
    expect(await probe.exists(`rl:login:ip:${after}`)).toBe(1);
    probe.disconnect();
    expect((await ca.sendChat(roomId, '레디스 복귀', 'after'))?.command).toBe('RECEIPT');
    await cm.next((f) => f.command === 'MESSAGE' && f.body.includes('레디스 복귀'));

    // not one request failed or hung while Redis was away
    expect(outcomes.filter((o) => o.start > stoppedAt && o.end < startedAt).length).toBeGreaterThan(10);
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    expect(Math.max(...outcomes.map((o) => o.end - o.start))).toBeLessThan(3000);
  });
});
