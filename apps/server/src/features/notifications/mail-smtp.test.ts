import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { freePort } from '../../../test/services.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { addProfile, applyTo, createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { decodeWords, parseMime, SmtpSink, textAndHtml } from '../../../test/fixtures/smtp-sink.js';

/** The notification mail through the real transport (nodemailer) to a local SMTP server. */
const smtp = new SmtpSink();
let t: TestApp;
let author: TestUser;
let applicant: TestUser;
const email = (u: TestUser) => `${u.loginId}@example.com`.toLowerCase();

beforeAll(async () => {
  await smtp.listen();
  t = await createTestApp({
    now: NOON_SEOUL,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'teammate@example.org', PUBLIC_URL: 'https://teammate.example' },
    configuredMailer: true,
  });
  author = await t.user('메일작성자');
  applicant = await t.user('메일지원자');
  await addProfile(t, applicant);
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.ctx.jobs.drain();
  smtp.received.length = 0;
  smtp.rcptAttempts.length = 0;
  smtp.refuse.clear();
});

const jobsOf = (userId: number) =>
  queryRows<{ kind: string; outcome: string | null; attempts: number; done: boolean }>(
    t.db,
    sql`SELECT kind, outcome, attempts, done_at IS NOT NULL AS done FROM jobs WHERE user_id = ${userId} AND kind = 'email' ORDER BY id`,
  );

describe('a notification mail over SMTP', () => {
  it('has the Korean subject, a text and an HTML part with the page link, and the one-click unsubscribe headers', async () => {
    expect(t.ctx.mailer.kind).toBe('smtp');
    const post = await createRecruitment(t, author, { title: 'SMTP 알림 공고' });
    await applyTo(t, applicant, post.id);
    await t.ctx.jobs.drain();
    const mails = smtp.to(email(author));
    expect(mails).toHaveLength(1);
    expect(mails[0].from).toBe('teammate@example.org');
    const mail = parseMime(mails[0].raw);
    expect(decodeWords(mail.headers.get('subject') ?? '')).toBe('[팀메이트] 새 지원자가 있습니다');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/i);
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/teammate\.example\/unsubscribe\?token=[^>\s]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // a resend after a crash would carry the same Message-ID
    expect(mail.headers.get('message-id')).toMatch(/^<email\.\d+@teammate\.example>$/);
    const { text, html } = textAndHtml(mail);
    const link = `https://teammate.example/applicants/${post.id}`;
    expect(text).toContain("메일지원자님이 'SMTP 알림 공고' 공고에 지원하였습니다.");
    expect(text).toContain(`바로 가기: ${link}`);
    expect(html).toContain('메일지원자님이 &#39;SMTP 알림 공고&#39; 공고에 지원하였습니다.');
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('<html lang="ko">');
    // the unsubscribe link of the header is the one in the body
    const unsubscribe = /^<([^>]+)>$/.exec(mail.headers.get('list-unsubscribe')!)![1];
    expect(text).toContain(unsubscribe);
    expect((await jobsOf(author.id)).map((j) => j.outcome)).toEqual(['sent']);
  });

  it('records a 550 answer as a bounce and does not try again, nor mail that address later', async () => {
    const bouncing = await t.user('반송작성자');
    smtp.refuse.add(email(bouncing));
    const post = await createRecruitment(t, bouncing, { title: '반송 공고' });
    await applyTo(t, applicant, post.id);
    await t.ctx.jobs.drain();
    expect(smtp.rcptAttempts.filter((a) => a === email(bouncing))).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
    const [bounce] = await queryRows<{ address: string; reason: string }>(
      t.db,
      sql`SELECT address, reason FROM mail_bounces WHERE address = ${email(bouncing)}`,
    );
    expect(bounce?.reason).toMatch(/^550 /);
    expect(await jobsOf(bouncing.id)).toEqual([{ kind: 'email', outcome: 'bounced', attempts: 1, done: true }]);

    // hours later: no retry of that job, and a new notification is not mailed to the bounced address
    t.clock.advance(3 * 3600_000);
    await t.ctx.jobs.drain();
    const other = await t.user('반송지원자둘');
    await addProfile(t, other);
    await applyTo(t, other, post.id);
    await t.ctx.jobs.drain();
    expect(smtp.rcptAttempts.filter((a) => a === email(bouncing))).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('an SMTP server down for 10 minutes', () => {
  it('keeps the mail through the outage (retried with backoff) and delivers it once after', async () => {
    const late = new SmtpSink();
    const port = await freePort(); // nothing listens there yet
    const app = await createTestApp({
      now: NOON_SEOUL,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://teammate.example' },
      configuredMailer: true,
    });
    try {
      const [postAuthor, who] = [await app.user('장애작성자'), await app.user('장애지원자')];
      await addProfile(app, who);
      const post = await createRecruitment(app, postAuthor, { title: '장애 공고' });
      await applyTo(app, who, post.id);
      for (let minute = 0; minute < 10; minute++) {
        await app.ctx.jobs.drain();
        app.clock.advance(60_000);
      }
      const [waiting] = await queryRows<{ attempts: number; outcome: string | null; error: string | null }>(
        app.db,
        sql`SELECT attempts, outcome, last_error AS error FROM jobs WHERE kind = 'email' AND user_id = ${postAuthor.id}`,
      );
      // tries at minutes 0, 1, 2, 4 and 8 (30 s doubling, each seen at the next drain): still waiting
      expect(waiting).toMatchObject({ attempts: 5, outcome: null });
      expect(waiting.error).toMatch(/ECONNREFUSED/);

      await late.listen(port);
      app.clock.advance(10 * 60_000);
      await app.ctx.jobs.drain();
      await app.ctx.jobs.drain();
      const mails = late.to(email(postAuthor));
      expect(mails).toHaveLength(1);
      expect(decodeWords(parseMime(mails[0].raw).headers.get('subject') ?? '')).toBe('[팀메이트] 새 지원자가 있습니다');
      app.clock.advance(3600_000);
      await app.ctx.jobs.drain();
      expect(late.received).toHaveLength(1);
    } finally {
      await app.close();
      await late.close();
    }
  });
});
