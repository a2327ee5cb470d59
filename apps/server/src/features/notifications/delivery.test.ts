import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@app/contract';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { LocalPushService } from '../../../test/fixtures/push-service.js';
import { addProfile, applyTo, createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { queryRows } from '../../db/client.js';

const push = new LocalPushService();
await push.start();
const t = useTestApp({
  now: NOON_SEOUL,
  freshLimits: true,
  env: { PUSH_TEST_ORIGINS: push.origin, PUBLIC_URL: 'https://teammate.example' },
});
afterAll(() => push.close());

let author: TestUser;
let applicant: TestUser;

beforeAll(async () => {
  author = await t.user('알림작성자');
  applicant = await t.user('알림지원자');
  await addProfile(t, applicant);
});
beforeEach(async () => {
  t.clock.set(NOON_SEOUL);
  push.received.length = 0;
  push.answers.clear();
  await t.db.execute(sql`DELETE FROM notification_settings`);
  await t.db.execute(sql`DELETE FROM push_subscriptions`);
  await t.db.execute(sql`DELETE FROM mail_bounces`);
  await t.ctx.jobs.drain();
  t.mailer.sent.length = 0;
  t.mailer.failing = false;
  t.mailer.refusing = false;
});

const settingsOf = async (user: TestUser) => {
  const res = await t.get('/api/notification-settings', { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationSettings;
};

describe('GET and PUT /api/notification-settings', () => {
  it('answers every type of both channels with the defaults, then the saved switches', async () => {
    expect(await settingsOf(author)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const res = await t.put('/api/notification-settings', {
      token: author.token,
      body: { email: { MESSAGE: true }, push: { REPLY: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, MESSAGE: true },
      push: { ...DEFAULT_NOTIFICATION_SETTINGS.push, REPLY: false },
    };
    expect(res.json()).toEqual(expected);
    // partial: what is missing stays
    await t.put('/api/notification-settings', { token: author.token, body: { email: { REPLY: true } } });
    expect(await settingsOf(author)).toEqual({ ...expected, email: { ...expected.email, REPLY: true } });
  });

  it('refuses unknown types and channels and non-boolean switches with 400, changing nothing', async () => {
    const before = await settingsOf(author);
    for (const body of [{ email: { NOPE: true } }, { sms: { MESSAGE: true } }, { email: { MESSAGE: true, NOPE: false } }]) {
      expectError(
        await t.put('/api/notification-settings', { token: author.token, body }),
        400,
        'unknown_notification_type',
        '알 수 없는 알림 종류입니다.',
      );
    }
    for (const body of [
      { email: { MESSAGE: 'true' } },
      { push: { REPLY: 1 } },
      { email: { MESSAGE: null } },
      { email: true },
      [1],
    ]) {
      const res = await t.put('/api/notification-settings', { token: author.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['x-error-code']).toBe('invalid_notification_setting');
    }
    expect(await settingsOf(author)).toEqual(before);
  });

  it('needs a login', async () => {
    expect((await t.get('/api/notification-settings')).statusCode).toBe(401);
    expect((await t.put('/api/notification-settings', { body: {} })).statusCode).toBe(401);
    expect((await t.post('/api/push/subscriptions', { body: {} })).statusCode).toBe(401);
    expect((await t.delete('/api/push/subscriptions', { body: {} })).statusCode).toBe(401);
  });
});

describe('push subscriptions', () => {
  it('gives the VAPID public key as text to anyone', async () => {
    const res = await t.get('/api/push/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(Buffer.from(res.body, 'base64url')).toHaveLength(65);
  });

  it('stores a subscription, replaces keys of the same endpoint, keeps the newest 10', async () => {
    const subs = Array.from({ length: 11 }, () => push.subscription());
    for (const s of subs)
      expect((await t.post('/api/push/subscriptions', { token: author.token, body: s.json })).statusCode).toBe(201);
    const rows = await t.db.execute<{ endpoint: string }>(
      sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${author.id} ORDER BY id`,
    );
    const endpoints = (rows as unknown as { rows?: { endpoint: string }[] }).rows ?? (rows as unknown as { endpoint: string }[]);
    expect(endpoints.map((r) => r.endpoint)).toEqual(subs.slice(1).map((s) => s.json.endpoint));
    const again = { ...subs[5].json, keys: push.subscription().json.keys };
    expect((await t.post('/api/push/subscriptions', { token: author.token, body: again })).statusCode).toBe(201);
    expect(
      (await t.delete('/api/push/subscriptions', { token: author.token, body: { endpoint: subs[5].json.endpoint } })).statusCode,
    ).toBe(200);
    expect(
      (await t.delete('/api/push/subscriptions', { token: author.token, body: { endpoint: subs[5].json.endpoint } })).statusCode,
    ).toBe(200);
  });

  it('another account cannot delete a subscription; posting the same endpoint moves it to that account', async () => {
    const owners = async (endpoint: string) =>
      queryRows<{ userId: number }>(t.db, sql`SELECT user_id AS "userId" FROM push_subscriptions WHERE endpoint = ${endpoint}`);
    const first = push.subscription(`moved-${Date.now()}`);
    const { endpoint } = first.json;
    await t.post('/api/push/subscriptions', { token: author.token, body: first.json });
    const del = await t.delete('/api/push/subscriptions', { token: applicant.token, body: { endpoint } });
    expect(del.statusCode, del.body).toBe(200); // idempotent: says nothing about whose it is
    expect(await owners(endpoint)).toEqual([{ userId: author.id }]);

    // the browser signs in to the other account: its subscription (new keys, same endpoint) goes with it
    const again = push.subscription(first.path.replace('/push/', ''));
    expect((await t.post('/api/push/subscriptions', { token: applicant.token, body: again.json })).statusCode).toBe(201);
    expect(await owners(endpoint)).toEqual([{ userId: applicant.id }]);
    await t.post('/api/messages', { token: author.token, body: { receiverName: applicant.nickname, content: '옮겨 간 구독' } });
    await t.post('/api/messages', { token: applicant.token, body: { receiverName: author.nickname, content: '이전 주인' } });
    await t.ctx.jobs.drain();
    expect(push.received.map((r) => [r.path, r.payload.body])).toEqual([[first.path, '옮겨 간 구독']]);
    // and now the first account cannot delete it
    await t.delete('/api/push/subscriptions', { token: author.token, body: { endpoint } });
    expect(await owners(endpoint)).toEqual([{ userId: applicant.id }]);
  });

  it('refuses endpoints that are not https (or a test origin), too long, and keys of the wrong size', async () => {
    const good = push.subscription().json;
    const endpoint = (e: unknown) => ({ ...good, endpoint: e });
    for (const body of [
      endpoint('http://push.example/x'),
      endpoint(`https://push.example/${'a'.repeat(1000)}`),
      endpoint('not a url'),
      endpoint(42),
      {},
    ]) {
      expectError(
        await t.post('/api/push/subscriptions', { token: author.token, body }),
        400,
        'invalid_endpoint',
        '푸시 알림 주소가 올바르지 않습니다.',
      );
    }
    const keys = (k: unknown) => ({ ...good, endpoint: 'https://push.example/ok', keys: k });
    for (const body of [
      keys({ p256dh: good.keys.p256dh.slice(0, 40), auth: good.keys.auth }),
      keys({ p256dh: good.keys.p256dh, auth: Buffer.alloc(15).toString('base64url') }),
      keys({ p256dh: '!!!', auth: good.keys.auth }),
      keys(undefined),
    ]) {
      expectError(
        await t.post('/api/push/subscriptions', { token: author.token, body }),
        400,
        'invalid_keys',
        '푸시 알림 키가 올바르지 않습니다.',
      );
    }
    const n = await t.db.execute(sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${author.id}`);
    expect(JSON.stringify(n)).toContain('"n":0');
  });
});

async function applyOnce() {
  const post = await createRecruitment(t, author, { title: `알림 공고 ${Math.random().toString(36).slice(2, 7)}` });
  await applyTo(t, applicant, post.id);
  return post;
}

describe('delivery of a 쪽지 by e-mail and push', () => {
  it('mails the author of a post on a new applicant, with the link and one-click unsubscribe', async () => {
    const post = await applyOnce();
    expect(t.mailer.sent).toHaveLength(0); // after commit, from the queue: not in the request
    await t.ctx.jobs.drain();
    const mail = t.mailer.lastTo(`${author.loginId}@example.com`);
    expect(mail?.subject).toBe('[팀메이트] 새 지원자가 있습니다');
    expect(mail?.text).toContain(`알림지원자님이 '${post.title}' 공고에 지원하였습니다.`);
    expect(mail?.text).toContain(`https://teammate.example/applicants/${post.id}`);
    expect(mail?.html).toContain(`https://teammate.example/applicants/${post.id}`);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/teammate\.example\/unsubscribe\?token=[^>]+>$/);
    // the applicant's own confirmation stays in the app
    expect(t.mailer.lastTo(`${applicant.loginId}@example.com`)).toBeUndefined();
    // once: running the queue again sends nothing more
    await t.ctx.jobs.drain();
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('the unsubscribe link turns exactly that type off, GET page or RFC 8058 POST; a forged token changes nothing', async () => {
    await applyOnce();
    await t.ctx.jobs.drain();
    const link = /<([^>]+)>/.exec(t.mailer.lastTo(`${author.loginId}@example.com`)!.headers!['List-Unsubscribe'])![1];
    const path = link.replace('https://teammate.example', '');
    const forged = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = await t.get(forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.body).toContain('수신 거부 링크가 올바르지 않습니다.');
    expect((await settingsOf(author)).email.APPLICATION_RECEIVED).toBe(true);
    const post = await t.request('POST', path, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.body).toContain("'새 지원자' 알림 메일을 더 이상 보내지 않습니다.");
    const page = await t.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/myinfo');
    expect(await settingsOf(author)).toEqual({
      email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, APPLICATION_RECEIVED: false },
      push: DEFAULT_NOTIFICATION_SETTINGS.push,
    });
    await applyOnce();
    t.mailer.sent.length = 0;
    await t.ctx.jobs.drain();
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('a person’s 쪽지 goes by push (on by default) and by e-mail only when switched on', async () => {
    const sub = push.subscription();
    await t.post('/api/push/subscriptions', { token: author.token, body: sub.json });
    const res = await t.post('/api/messages', {
      token: applicant.token,
      body: { receiverName: author.nickname, content: '안녕하세요 <b>반가워요</b>' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.jobs.drain();
    expect(t.mailer.sent).toHaveLength(0);
    expect(push.received).toHaveLength(1);
    expect(push.received[0].payload).toEqual({
      title: '알림지원자님의 쪽지',
      body: '안녕하세요 <b>반가워요</b>',
      url: 'https://teammate.example/messages',
    });
    expect(String(push.received[0].headers.authorization)).toMatch(/^vapid t=/);
    expect(push.received[0].headers['content-encoding']).toBe('aes128gcm');

    await t.put('/api/notification-settings', { token: author.token, body: { email: { MESSAGE: true } } });
    await t.post('/api/messages', { token: applicant.token, body: { receiverName: author.nickname, content: '두 번째 <쪽지>' } });
    await t.ctx.jobs.drain();
    const mail = t.mailer.lastTo(`${author.loginId}@example.com`);
    expect(mail?.subject).toBe('[팀메이트] 알림지원자님이 쪽지를 보냈습니다');
    expect(mail?.html).toContain('두 번째 &lt;쪽지&gt;');
    expect(mail?.html).not.toContain('<쪽지>');
  });

  it('deletes a subscription its push service answers 404 or 410; retries one that answered 500 until it takes it', async () => {
    const gone = push.subscription();
    const flaky = push.subscription();
    push.answers.set(gone.path, 410);
    push.answers.set(flaky.path, 500);
    for (const s of [gone, flaky]) await t.post('/api/push/subscriptions', { token: author.token, body: s.json });
    await t.post('/api/messages', { token: applicant.token, body: { receiverName: author.nickname, content: '푸시 재시도' } });
    await t.ctx.jobs.drain();
    expect(push.received).toHaveLength(0);
    const left = await t.db.execute(sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${author.id}`);
    expect(JSON.stringify(left)).not.toContain(gone.path);
    expect(JSON.stringify(left)).toContain(flaky.path);
    push.answers.delete(flaky.path);
    await t.ctx.jobs.drain();
    expect(push.received).toHaveLength(0); // not yet: backoff
    t.clock.advance(60_000);
    await t.ctx.jobs.drain();
    expect(push.received.map((r) => r.payload.body)).toEqual(['푸시 재시도']);
  });

  it('keeps a mail through a 10-minute SMTP outage and sends it once after', async () => {
    t.mailer.failing = true;
    await applyOnce();
    for (let minute = 0; minute <= 10; minute++) {
      await t.ctx.jobs.drain();
      t.clock.advance(60_000);
    }
    expect(t.mailer.sent).toHaveLength(0);
    t.mailer.failing = false;
    t.clock.advance(10 * 60_000);
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    expect(t.mailer.sent.filter((m) => m.to === `${author.loginId}@example.com`)).toHaveLength(1);
  });

  it('sends nothing queued for a user who withdraws before the send', async () => {
    const leaving = await t.user('곧탈퇴');
    await t.post('/api/push/subscriptions', { token: leaving.token, body: push.subscription().json });
    await t.put('/api/notification-settings', { token: leaving.token, body: { email: { MESSAGE: true } } });
    await t.post('/api/messages', { token: applicant.token, body: { receiverName: leaving.nickname, content: '못 받을 쪽지' } });
    const res = await t.delete(`/api/users/${leaving.id}`, { token: leaving.token });
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.jobs.drain();
    expect(t.mailer.sent).toHaveLength(0);
    expect(push.received).toHaveLength(0);
    const rows = await t.db.execute(sql`SELECT
      (SELECT count(*) FROM notification_settings WHERE user_id = ${leaving.id})::int AS s,
      (SELECT count(*) FROM push_subscriptions WHERE user_id = ${leaving.id})::int AS p,
      (SELECT count(*) FROM jobs WHERE user_id = ${leaving.id} AND done_at IS NULL)::int AS j`);
    expect(JSON.stringify(rows)).toContain('"s":0,"p":0,"j":0');
  });

  it('stops mailing an address that bounced for good (a 5xx answer)', async () => {
    t.mailer.refusing = true;
    await applyOnce();
    await t.ctx.jobs.drain();
    t.mailer.refusing = false;
    t.clock.advance(3600_000);
    await applyOnce();
    await t.ctx.jobs.drain();
    expect(t.mailer.sent).toHaveLength(0);
    const bounced = await t.db.execute(sql`SELECT address FROM mail_bounces`);
    expect(JSON.stringify(bounced)).toContain(`${author.loginId}@example.com`.toLowerCase());
  });
});
