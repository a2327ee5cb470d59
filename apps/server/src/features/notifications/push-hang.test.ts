import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../../../test/helpers.js';
import { LocalPushService } from '../../../test/fixtures/push-service.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { queryRows } from '../../db/client.js';

/**
 * A push service that never answers, with the worker running as on a server (woken by the commit that queues a
 * send). A file of its own: the worker is stopped at the end, and a stopped worker runs nothing more.
 */
const push = new LocalPushService();
await push.start();
const t = useTestApp({ now: NOON_SEOUL, env: { PUSH_TEST_ORIGINS: push.origin, PUBLIC_URL: 'https://teammate.example' } });
afterAll(() => push.close());

let receiver: TestUser;
let sender: TestUser;
beforeAll(async () => {
  receiver = await t.user('멈춘푸시수신자');
  sender = await t.user('멈춘푸시발신자');
});

async function waitUntil(done: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function timed<T>(work: () => Promise<T>) {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

const sendNote = (from: TestUser, to: TestUser, content: string) =>
  t.post('/api/messages', { token: from.token, body: { receiverName: to.nickname, content } });

it('the request answers at once, the send times out and is retried after backoff, and goes once', async () => {
  const stuck = push.subscription();
  push.answers.set(stuck.path, 'hang');
  await t.post('/api/push/subscriptions', { token: receiver.token, body: stuck.json });
  await t.put('/api/notification-settings', { token: receiver.token, body: { email: { MESSAGE: true } } });
  // the poll is left out of the way: the commits wake the worker
  const stop = t.ctx.jobs.start(3600_000);
  try {
    const queued = await timed(() => sendNote(sender, receiver, '멈춘 푸시'));
    expect(queued.value.statusCode, queued.value.body).toBe(201);
    expect(queued.ms).toBeLessThan(2000);
    await waitUntil(() => push.requests.includes(stuck.path));
    // while the push hangs: another request answers at once, and the mail of the same 쪽지 goes in another lane
    const meanwhile = await timed(() => sendNote(receiver, sender, '답장'));
    expect(meanwhile.value.statusCode, meanwhile.value.body).toBe(201);
    expect(meanwhile.ms).toBeLessThan(2000);
    await waitUntil(() => t.mailer.sent.some((m) => m.text?.includes('멈춘 푸시')));
    expect(push.received).toHaveLength(0);

    // waits for the hanging batch, which ends at the fetch's time limit (lib/web-push.ts)
    await t.ctx.jobs.drain();
    const jobs = await queryRows<{ attempts: number; lastError: string | null; due: boolean }>(
      t.db,
      sql`SELECT attempts, last_error AS "lastError", run_at <= ${t.clock.now().toISOString()}::timestamptz AS due
          FROM jobs WHERE kind = 'push' AND user_id = ${receiver.id} AND done_at IS NULL`,
    );
    expect(jobs).toEqual([{ attempts: 1, lastError: expect.stringMatching(/^push service unreachable: .*time/i), due: false }]);

    push.answers.delete(stuck.path);
    await t.ctx.jobs.drain();
    expect(push.received).toHaveLength(0); // not yet: backoff
    t.clock.advance(60_000);
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    expect(push.received.map((r) => r.payload.body)).toEqual(['멈춘 푸시']);
    expect(t.mailer.sent.filter((m) => m.text?.includes('멈춘 푸시'))).toHaveLength(1);
  } finally {
    await stop();
  }
}, 60_000);
