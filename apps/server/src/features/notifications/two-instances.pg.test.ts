import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../lib/mail/mailer.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { queueReminderRuns } from './reminders.js';

/**
 * Two instances on one PostgreSQL database, both running the queue at the same moment: a job is claimed by one of
 * them only (SKIP LOCKED and the lease), so every send happens once. The queue needs no Redis: only the database.
 */
let a: TestApp;
let b: TestApp;
let admin: TestUser;
let members: TestUser[];
let g: TestGroup;

beforeAll(async () => {
  a = await createTestApp({ now: NOON_SEOUL });
  b = await createTestApp({ now: NOON_SEOUL, database: a.database });
  admin = await a.user('두인스턴스관리자');
  members = [await a.user('두인스턴스멤버일'), await a.user('두인스턴스멤버이'), await a.user('두인스턴스멤버삼')];
  g = await makeGroup(a, admin, members, { name: '두 인스턴스 그룹' });
  await a.ctx.jobs.drain();
  a.mailer.sent.length = 0;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const setClocks = (at: string | Date) => {
  a.clock.set(at);
  b.clock.set(at);
};
const allMails = (): Mail[] => [...a.mailer.sent, ...b.mailer.sent];
/** both instances run the queue at once, twice each */
const drainBoth = () => Promise.all([a.ctx.jobs.drain(), b.ctx.jobs.drain(), b.ctx.jobs.drain(), a.ctx.jobs.drain()]);
const day = (n: number) => `2025-06-${String(n).padStart(2, '0')}`;

describe('two instances draining one queue at once', () => {
  it('a reminder run sends each member one 쪽지 and one mail, day after day', async () => {
    const everyone = [admin, ...members];
    for (let d = 2; d <= 7; d++) {
      // 08:00 KST on day d: a schedule for the day after, both instances queue the day's runs
      setClocks(`${day(d - 1)}T23:00:00Z`);
      await a.relogin(admin);
      const content = `${d}일 라운드 회의`;
      const res = await a.post('/api/schedules', {
        token: admin.token,
        body: { groupId: g.id, content, date: day(d + 1) },
      });
      expect(res.statusCode, res.body).toBe(200);
      await Promise.all([queueReminderRuns(a.ctx), queueReminderRuns(b.ctx), queueReminderRuns(a.ctx)]);

      setClocks(`${day(d)}T00:00:00Z`); // 09:00 KST
      await drainBoth();
      await drainBoth();

      const text = `내일 '두 인스턴스 그룹' 그룹 일정이 있습니다: ${content}`;
      const notes = await queryRows<{ receiverId: number }>(
        a.db,
        sql`SELECT receiver_id AS "receiverId" FROM messages WHERE type = 'SCHEDULE_REMINDER' AND content = ${text}`,
      );
      expect(
        notes.map((n) => n.receiverId).sort((x, y) => x - y),
        `day ${d}`,
      ).toEqual(everyone.map((u) => u.id).sort((x, y) => x - y));
      const mails = allMails().filter((m) => m.text.includes(text));
      expect(mails.map((m) => m.to.toLowerCase()).sort(), `day ${d}`).toEqual(
        everyone.map((u) => `${u.loginId}@example.com`.toLowerCase()).sort(),
      );
      const [run] = await queryRows<{ outcome: string; attempts: number }>(
        a.db,
        sql`SELECT outcome, attempts FROM jobs WHERE key = ${`reminders:${day(d)}`}`,
      );
      expect(run).toEqual({ outcome: `reminded:${everyone.length}`, attempts: 1 });
    }
    // and nothing was sent twice over all the days
    const ids = allMails().map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('50 queued notification mails drained by both at once: each sent exactly once', async () => {
    a.mailer.sent.length = 0;
    b.mailer.sent.length = 0;
    a.resetLimits();
    const senders = [await a.user(), await a.user(), await a.user(), await a.user(), await a.user()];
    const receivers = [await a.user(), await a.user()];
    for (const r of receivers)
      expect((await a.put('/api/notification-settings', { token: r.token, body: { email: { MESSAGE: true } } })).statusCode).toBe(
        200,
      );
    const firstJob = await maxJobId();
    for (let i = 0; i < 50; i++) {
      const res = await a.post('/api/messages', {
        token: senders[i % senders.length].token,
        body: { receiverName: receivers[i % receivers.length].nickname, content: `동시 발송 ${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(allMails()).toHaveLength(0); // queued, not sent in the requests
    await drainBoth();
    await drainBoth();

    const mails = allMails();
    const contents = mails.map((m) => /동시 발송 (\d+)/.exec(m.text)?.[1]).map(Number);
    expect(contents.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(50);
    console.log(`[two instances] 50 mails: ${a.mailer.sent.length} sent by A, ${b.mailer.sent.length} by B`);
    // every job claimed once: the second instance never took a job the first held
    const jobs = await queryRows<{ kind: string; outcome: string; attempts: number }>(
      a.db,
      sql`SELECT kind, outcome, attempts FROM jobs WHERE id > ${firstJob} ORDER BY id`,
    );
    expect(jobs.filter((j) => j.kind === 'email')).toHaveLength(50);
    expect(jobs.filter((j) => j.kind === 'notify')).toHaveLength(50);
    expect(jobs.filter((j) => j.attempts !== 1 || !['sent', 'fanned_out'].includes(j.outcome))).toEqual([]);
  });
});

async function maxJobId(): Promise<number> {
  const [row] = await queryRows<{ id: number | null }>(a.db, sql`SELECT max(id)::int AS id FROM jobs`);
  return row?.id ?? 0;
}
