import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures, resetGrants, users, verificationCodes } from '../../db/schema/index.js';
import { expectError, nextIp, useTestApp } from '../../../test/helpers.js';
import {
  changePassword,
  grantFor,
  person,
  sendFindIdCode,
  sendPasswordCode,
  verifyFindId,
  verifyPassword,
  type Person,
} from '../../../test/fixtures/recovery.js';

const GRANT_REQUIRED = '비밀번호 재설정 인증이 필요합니다.';
const NEW_PASSWORD = 'new-password-42';

// 2025-06-01 12:00 in Seoul
const t = useTestApp({ now: '2025-06-01T03:00:00Z', freshLimits: true });

const body = (p: Person, over: Record<string, unknown> = {}) => ({
  loginId: p.loginId,
  newPassword: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...over,
});
const login = (loginId: string, password: string) => t.post('/api/auth/login', { ip: nextIp(), body: { loginId, password } });
const passwordHashOf = async (id: number) =>
  (await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0].h;

describe('POST /api/change-password', () => {
  it('checks in order: password_mismatch, the length texts, then the grant (403 for every bad grant), changing nothing', async () => {
    const p = await person(t);
    const other = await person(t);
    const grant = await grantFor(t, p);
    const before = await passwordHashOf(p.id);
    // mismatch comes first, even with no grant at all
    expectError(
      await changePassword(t, body(p, { confirmPassword: 'different-1' })),
      400,
      'password_mismatch',
      '비밀번호가 일치하지 않습니다.',
    );
    expectError(
      await changePassword(t, body(p, { newPassword: 'short', confirmPassword: 'short' })),
      400,
      'validation_failed',
      '비밀번호는 8자 이상이어야 합니다.',
    );
    const long = 'x'.repeat(129);
    expectError(
      await changePassword(t, body(p, { newPassword: long, confirmPassword: long })),
      400,
      'validation_failed',
      '비밀번호는 128자 이하여야 합니다.',
    );
    expectError(await changePassword(t, { loginId: p.loginId }), 400, 'validation_failed', '비밀번호는 8자 이상이어야 합니다.');
    // no cookie, an unknown value, another user's id, an unknown id
    expectError(await changePassword(t, body(p)), 403, 'reset_grant_required', GRANT_REQUIRED);
    expectError(await changePassword(t, body(p), 'A'.repeat(43)), 403, 'reset_grant_required', GRANT_REQUIRED);
    expectError(await changePassword(t, body(p), 'garbage'), 403, 'reset_grant_required', GRANT_REQUIRED);
    expectError(await changePassword(t, body(other), grant), 403, 'reset_grant_required', GRANT_REQUIRED);
    expectError(await changePassword(t, body(p, { loginId: 'no_such_id' }), grant), 403, 'reset_grant_required', GRANT_REQUIRED);
    expect(await passwordHashOf(p.id)).toBe(before);
    // only the hash of the grant is stored
    const stored = await t.db.select().from(resetGrants).where(eq(resetGrants.userId, p.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].grantHash).not.toBe(grant);
    // the grant still works after all that
    expect((await changePassword(t, body(p), grant)).statusCode).toBe(200);
  });

  it('success: the text, the cookie expired, every session ended, the new password works once the grant is used', async () => {
    const p = await person(t);
    const revoked: number[] = [];
    t.ctx.events.on('user.sessionsRevoked', (_scope, { userId }) => void revoked.push(userId));
    const grant = await grantFor(t, p);
    const res = await changePassword(t, body(p, { loginId: p.loginId.toUpperCase() }), grant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('새로운 비밀번호가 성공적으로 등록 되었습니다.');
    expect(String(res.headers['set-cookie'])).toBe(
      'reset_grant=; HttpOnly; Secure; SameSite=Strict; Path=/api/change-password; Max-Age=0',
    );
    expect(revoked).toContain(p.id);

    expectError(await t.get('/api/users/me', { token: p.token }), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await login(p.loginId, p.password), 401, 'invalid_credentials');
    const ok = await login(p.loginId, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect((await t.get('/api/users/me', { token: ok.json().token })).statusCode).toBe(200);
    // single use
    const again = 'another-pass-1';
    expectError(
      await changePassword(t, body(p, { newPassword: again, confirmPassword: again }), grant),
      403,
      'reset_grant_required',
      GRANT_REQUIRED,
    );
  });

  it('mails the change notice (masked id, Seoul time); a failing notice mail does not fail the call', async () => {
    t.clock.set('2025-06-05T06:30:00Z');
    const p = await person(t, { loginId: `notice_${Date.now() % 100000}` });
    const res = await changePassword(t, body(p), await grantFor(t, p));
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.lastTo(p.email)!;
    expect(mail.subject).toBe('비밀번호 변경 안내');
    const masked = `${p.loginId.slice(0, -4)}****`;
    expect(mail.text.split('\n')).toEqual([
      `${masked} 계정의 비밀번호가 2025-06-05 15:30 (한국 시간)에 변경되었습니다.`,
      '본인이 변경하지 않았다면 즉시 비밀번호 찾기를 통해 비밀번호를 다시 설정해주세요.',
    ]);

    const q = await person(t);
    const grant = await grantFor(t, q);
    t.mailer.failing = true;
    try {
      expect((await changePassword(t, body(q), grant)).statusCode).toBe(200);
    } finally {
      t.mailer.failing = false;
    }
    expect((await login(q.loginId, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a grant lasts 10 minutes; a newer grant voids the older one', async () => {
    const p = await person(t);
    const old = await grantFor(t, p);
    t.clock.advance(61_000);
    const newer = await grantFor(t, p);
    expectError(await changePassword(t, body(p), old), 403, 'reset_grant_required', GRANT_REQUIRED);
    t.clock.advance(599_000);
    expect((await changePassword(t, body(p), newer)).statusCode).toBe(200);

    const q = await person(t);
    const late = await grantFor(t, q);
    t.clock.advance(600_000);
    expectError(await changePassword(t, body(q), late), 403, 'reset_grant_required', GRANT_REQUIRED);
  });

  it('clears the login lock and cancels the user’s other codes and grants', async () => {
    const p = await person(t);
    for (let i = 0; i < 10; i++) await login(p.loginId, 'wrong-password');
    expectError(await login(p.loginId, p.password), 429, 'account_locked');
    const grant = await grantFor(t, p);
    t.clock.advance(61_000);
    const pending = await sendPasswordCode(t, p);
    t.clock.advance(61_000);
    await sendFindIdCode(t, p.email);
    expect((await changePassword(t, body(p), grant)).statusCode).toBe(200);

    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.key, p.loginId.toLowerCase()))).toHaveLength(0);
    expect((await login(p.loginId, NEW_PASSWORD)).statusCode).toBe(200);
    const current = await t.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.emailKey, p.email), eq(verificationCodes.status, 'ACTIVE')));
    expect(current).toHaveLength(0);
    expectError(await verifyPassword(t, p.loginId, p.email, pending), 400, 'code_invalid', '인증 코드가 일치하지 않습니다.');
    expect(
      await t.db
        .select()
        .from(resetGrants)
        .where(and(eq(resetGrants.userId, p.id), eq(resetGrants.status, 'ACTIVE'))),
    ).toHaveLength(0);
  });
});

describe('withdrawal (docs/api.md §7)', () => {
  it('removes the user’s codes and grants', async () => {
    const p = await person(t);
    await grantFor(t, p);
    t.clock.advance(61_000);
    await sendPasswordCode(t, p);
    t.clock.advance(61_000);
    await sendFindIdCode(t, p.email);
    const res = await t.delete(`/api/users/${p.id}`, { token: p.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(resetGrants).where(eq(resetGrants.userId, p.id))).toHaveLength(0);
    expect(await t.db.select().from(verificationCodes).where(eq(verificationCodes.emailKey, p.email))).toHaveLength(0);
  });

  it('keeps the find-id code of an e-mail another active user still has', async () => {
    const email = `kept_${Date.now()}@example.com`;
    const leaving = await person(t, { email });
    const staying = await person(t, { email });
    const code = await sendFindIdCode(t, email);
    expect((await t.delete(`/api/users/${leaving.id}`, { token: leaving.token })).statusCode).toBe(200);
    const ok = await verifyFindId(t, email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([{ maskedLoginId: `${staying.loginId.slice(0, -4)}****` }]);
  });
});

describe('races', () => {
  it('one grant used by two requests at once changes the password once', async () => {
    const p = await person(t);
    const grant = await grantFor(t, p);
    const [a, b] = await Promise.all([
      changePassword(t, body(p, { newPassword: 'first-password', confirmPassword: 'first-password' }), grant),
      changePassword(t, body(p, { newPassword: 'second-password', confirmPassword: 'second-password' }), grant),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const winner = a.statusCode === 200 ? 'first-password' : 'second-password';
    expect((await login(p.loginId, winner)).statusCode).toBe(200);
  });
});
