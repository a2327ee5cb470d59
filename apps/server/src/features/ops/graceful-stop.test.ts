import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { enqueueJobs } from '../../db/jobs.js';
import { createGroup, createRoom, listen, StompTestClient } from '../../../test/fixtures/chat.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { stopGracefully } from './graceful-stop.js';
import { warmUp } from './warm-up.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request over `agent`; with `slowBody`, the body arrives in two parts 400 ms apart (a request in flight). */
function request(
  host: string,
  agent: http.Agent,
  opts: { method?: string; path: string; token?: string; body?: unknown; slowBody?: boolean },
): Promise<{ status: number; connection: string | undefined; socket: unknown }> {
  const [hostname, port] = host.split(':');
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port: Number(port),
        agent,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket }));
      },
    );
    req.on('error', reject);
    if (body && opts.slowBody) {
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 400);
    } else req.end(body);
  });
}

describe('graceful stop (what SIGTERM runs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOON_SEOUL });
  });
  afterAll(() => t.close());

  it('says not ready at once, finishes what is in flight, closes keep-alive connections, moves chat clients, gives jobs back', async () => {
    const host = await listen(t);
    const g = await createGroup(t, 1, '배포 그룹');
    const roomId = await createRoom(t, g);
    const chat = await StompTestClient.connect(host, g.members[0]);
    expect((await chat.subscribe(`/topic/chat/${roomId}`)).command).toBe('RECEIPT');

    // 30 jobs that take 300 ms each: 8 run at once, 12 more wait claimed, 10 are not claimed yet
    const started: number[] = [];
    t.ctx.jobs.handle('test.slow', async (job) => {
      started.push(job.id);
      await sleep(300);
    });
    const now = t.clock.now();
    await enqueueJobs(
      t.db,
      Array.from({ length: 30 }, (_, i) => ({ kind: 'test.slow', key: `slow-${i}`, userId: null, payload: {}, runAt: now })),
      now,
    );
    t.ctx.jobs.start(5);
    while (started.length === 0) await sleep(5);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = await request(host, agent, { path: '/api/recruitments' });
    expect(before).toMatchObject({ status: 200 });
    expect(before.connection).not.toBe('close');
    const inFlight = request(host, new http.Agent({ keepAlive: true }), {
      method: 'POST',
      path: '/api/messages',
      token: g.admin.token,
      body: { receiverName: g.members[0].nickname, content: '배포 중 쪽지' },
      slowBody: true,
    });
    await sleep(50);

    // the queue as it is once the worker has stopped (the database closes with the app, after)
    let queue: Array<{ id: number; done: boolean; locked: boolean }> = [];
    const jobs = {
      stop: async () => {
        await t.ctx.jobs.stop();
        queue = await queryRows(
          t.db,
          sql`SELECT id, done_at IS NOT NULL AS done, locked_until IS NOT NULL AS locked FROM jobs WHERE kind = 'test.slow'`,
        );
      },
    };
    const stopped = stopGracefully(
      { app: t.app, lifecycle: t.built.lifecycle, jobs, realtime: t.ctx.realtime },
      { delayMs: 600, timeoutMs: 5000 },
    );
    expect((await t.get('/readyz')).statusCode).toBe(503);
    // still answering while the load balancer notices, on the idle keep-alive connection too, each answer ending it
    const during = await request(host, agent, { path: '/api/recruitments' });
    expect(during).toMatchObject({ status: 200, connection: 'close' });
    expect(during.socket).toBe(before.socket);

    const move = await chat.next((f) => f.command === 'ERROR', 3000);
    expect(move.headers).toMatchObject({ reconnect: 'true', message: '서버를 옮기는 중입니다. 잠시 후 다시 연결됩니다.' });
    await chat.closedPromise;

    expect(await inFlight).toMatchObject({ status: 201, connection: 'close' });
    expect(await stopped).toBe(true);
    await expect(request(host, new http.Agent(), { path: '/healthz' })).rejects.toThrow(/ECONNREFUSED/);

    // the jobs that started are done; the others are back in the queue, free for another instance
    const rows = queue;
    expect(rows).toHaveLength(30);
    expect(
      rows
        .filter((r) => r.done)
        .map((r) => Number(r.id))
        .sort(),
    ).toEqual([...started].sort());
    expect(rows.filter((r) => !r.done && r.locked)).toEqual([]);
    expect(rows.filter((r) => !r.done).length).toBe(30 - started.length);
    expect(started.length).toBeLessThan(30);
    agent.destroy();
  }, 60_000);
});

describe('warm start', () => {
  it('says not ready until the hot reads ran once', async () => {
    const t = await createTestApp({ now: NOON_SEOUL });
    try {
      t.built.lifecycle.warming();
      expect((await t.get('/readyz')).statusCode).toBe(503);
      expect((await t.get('/healthz')).statusCode).toBe(200);
      const { statements } = await t.countQueries(() => warmUp(t.app));
      expect(statements.length).toBeGreaterThan(10);
      t.built.lifecycle.serve();
      expect((await t.get('/readyz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 60_000);
});
