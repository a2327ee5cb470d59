import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verificationCodes } from '../../db/schema/index.js';
import { expectError, nextIp, useTestApp } from '../../../test/helpers.js';
import { lastCode, person, sendFindIdCode, verifyFindId } from '../../../test/fixtures/recovery.js';

const RATE_LIMITED = '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.';
const MAIL_FAILED = '인증 코드 전송에 실패했습니다. 잠시 후 다시 시도해주세요.';

const t = useTestApp({ now: '2025-06-01T03:00:00Z', freshLimits: true });

const sendId = (email: string, ip = nextIp()) => t.post('/api/find/send-code', { ip, body: { email } });
const sendPw = (p: { loginId: string; email: string }, ip = nextIp()) =>
  t.post('/api/find-password/send-code', { ip, body: { loginId: p.loginId, email: p.email } });

function expectLimited(res: Awaited<ReturnType<typeof sendId>>, retryAfter: number) {
  expectError(res, 429, 'rate_limited', RATE_LIMITED);
  expect(Number(res.headers['retry-after'])).toBe(retryAfter);
}

describe('sending limits per e-mail (both flows together), held in the database', () => {
  it('1 per 60 s, counting both flows', async () => {
    const p = await person(t);
    expect((await sendId(p.email)).statusCode).toBe(200);
    t.clock.advance(20_000);
    expectLimited(await sendPw(p), 40);
    expectLimited(await sendId(p.email.toUpperCase()), 40);
    t.clock.advance(40_000);
    expect((await sendPw(p)).statusCode).toBe(200);
  });

  it('5 per hour; the sixth waits for the oldest to leave the hour; limits survive a restart of in-process state', async () => {
    const p = await person(t);
    for (let i = 0; i < 5; i++) {
      expect((i % 2 ? await sendPw(p) : await sendId(p.email)).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    // the first was sent 5 minutes ago: 55 minutes to wait
    expectLimited(await sendId(p.email), 55 * 60);
    t.resetLimits(); // a restarted instance has fresh in-process counters; the database still knows
    expectLimited(await sendPw(p), 55 * 60);
    t.clock.advance(55 * 60_000);
    expect((await sendId(p.email)).statusCode).toBe(200);
  });

  it('a 404 or email_mismatch comes before the per-e-mail limit', async () => {
    const p = await person(t);
    expect((await sendId(p.email)).statusCode).toBe(200);
    expectError(await sendPw({ loginId: 'no_such_id', email: p.email }), 404, 'not_found');
    expectError(await sendPw({ loginId: p.loginId, email: 'x@example.com' }), 400, 'email_mismatch');
  });
});

describe('per-IP limits', () => {
  it('send-code: 20 per hour per IP, both flows together', async () => {
    const ip = nextIp();
    const people = await Promise.all(Array.from({ length: 21 }, () => person(t)));
    for (const [i, p] of people.slice(0, 20).entries())
      expect((i % 2 ? await sendPw(p, ip) : await sendId(p.email, ip)).statusCode).toBe(200);
    const res = await sendId(people[20].email, ip);
    expectError(res, 429, 'rate_limited', RATE_LIMITED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.mailer.lastTo(people[20].email)).toBeUndefined();
    expect((await sendId(people[20].email)).statusCode).toBe(200);
  });

  it('verify-code: 30 per minute per IP, both flows together', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const url = i % 2 ? '/api/find/verify-code' : '/api/find-password/verify-code';
      expect((await t.post(url, { ip, body: { email: 'a@b.com', loginId: 'abcd', code: '0000' } })).statusCode).toBe(400);
    }
    expectError(
      await t.post('/api/find/verify-code', { ip, body: { email: 'a@b.com', code: '0000' } }),
      429,
      'rate_limited',
      RATE_LIMITED,
    );
  });

  it('the check routes: 30 per minute per IP, shared with the other duplicate checks', async () => {
    const ip = nextIp();
    for (let i = 0; i < 15; i++) await t.post('/api/users/check-email', { ip, body: { email: 'a@b.com' } });
    for (let i = 0; i < 15; i++)
      await t.post('/api/users/check-loginid-email', { ip, body: { loginId: 'abcd', email: 'a@b.com' } });
    expectError(
      await t.post('/api/users/check-nickname', { ip, body: { nickname: '닉네임' } }),
      429,
      'rate_limited',
      RATE_LIMITED,
    );
    expectError(await t.post('/api/users/check-email', { ip, body: { email: 'a@b.com' } }), 429, 'rate_limited', RATE_LIMITED);
  });

  it('change-password: 10 per minute per IP', async () => {
    const ip = nextIp();
    const body = { loginId: 'abcd', newPassword: 'password-1', confirmPassword: 'password-1' };
    for (let i = 0; i < 10; i++) expect((await t.post('/api/change-password', { ip, body })).statusCode).toBe(403);
    expectError(await t.post('/api/change-password', { ip, body }), 429, 'rate_limited', RATE_LIMITED);
  });
});

describe('a mail that cannot be sent', () => {
  it('answers 503 mail_failed, cancels the code, and does not use up the per-e-mail limit', async () => {
    const p = await person(t);
    t.mailer.failing = true;
    try {
      expectError(await sendId(p.email), 503, 'mail_failed', MAIL_FAILED);
      expectError(await sendPw(p), 503, 'mail_failed', MAIL_FAILED);
    } finally {
      t.mailer.failing = false;
    }
    const rows = await t.db
      .select({ status: verificationCodes.status })
      .from(verificationCodes)
      .where(eq(verificationCodes.emailKey, p.email));
    expect(rows.map((r) => r.status)).toEqual(['UNSENT', 'UNSENT']);
    const code = await sendFindIdCode(t, p.email);
    expect(lastCode(t, p.email)).toBe(code);
    expect((await verifyFindId(t, p.email, code)).statusCode).toBe(200);
  });
});

describe('races (on PostgreSQL these run on separate connections)', () => {
  it('concurrent sends to one e-mail: exactly one code goes out', async () => {
    const p = await person(t);
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => (i % 2 ? sendPw(p) : sendId(p.email))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
    const rows = await t.db.select().from(verificationCodes).where(eq(verificationCodes.emailKey, p.email));
    expect(rows).toHaveLength(1);
  });

  it('concurrent tries on one code: the right code is used once; wrong tries lock it at exactly 5', async () => {
    const p = await person(t);
    const code = await sendFindIdCode(t, p.email);
    const rights = await Promise.all(Array.from({ length: 3 }, () => verifyFindId(t, p.email, code)));
    expect(rights.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);

    const q = await person(t);
    await sendFindIdCode(t, q.email);
    const wrongs = await Promise.all(Array.from({ length: 8 }, () => verifyFindId(t, q.email, 'xxxx')));
    const codes = wrongs.map((r) => String(r.headers['x-error-code'])).sort();
    expect(codes).toEqual([...Array(4).fill('code_attempts_exceeded'), ...Array(4).fill('code_invalid')]);
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.emailKey, q.email));
    expect(row).toMatchObject({ status: 'LOCKED', failedAttempts: 5 });
  });
});
