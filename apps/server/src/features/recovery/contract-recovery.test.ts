import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { TEST_PASSWORD } from '../../../test/factories.js';
import { expectError, nextIp, useTestApp } from '../../../test/helpers.js';
import {
  changePassword,
  grantFor,
  otherThan,
  person,
  sendFindIdCode,
  sendPasswordCode,
  verifyFindId,
  verifyPassword,
} from '../../../test/fixtures/recovery.js';

/** Black-box checks of docs/api.md §3.11 and §6 edge cases the area tests do not cover. */
const CODE_INVALID = '인증 코드가 일치하지 않습니다.';
const GRANT_REQUIRED = '비밀번호 재설정 인증이 필요합니다.';

const t = useTestApp({ now: '2025-06-01T03:00:00Z', freshLimits: true });

describe('codes (6.1)', () => {
  it('four wrong tries leave the code usable; the right fifth try succeeds once, then the code is used', async () => {
    const p = await person(t);
    const code = await sendFindIdCode(t, p.email);
    for (let i = 0; i < 4; i++) expectError(await verifyFindId(t, p.email, otherThan(code)), 400, 'code_invalid', CODE_INVALID);
    const ok = await verifyFindId(t, ` ${p.email.toUpperCase()} `, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.json()).toEqual([{ maskedLoginId: `${p.loginId.slice(0, -4)}****` }]);
    expectError(await verifyFindId(t, p.email, code), 400, 'code_invalid', CODE_INVALID);
  });

  it('find-id lists every active user of the e-mail by id, masked, and leaves out withdrawn ones', async () => {
    const email = `many_${Date.now()}@example.com`;
    const a = await person(t, { loginId: `abcd${Date.now() % 1000}`.slice(0, 4), email });
    const b = await person(t, { loginId: `hello${Date.now() % 1000}`, email: email.toUpperCase() });
    const gone = await person(t, { email });
    const res = await t.delete(`/api/users/${gone.id}`, { token: gone.token });
    expect(res.statusCode, res.body).toBe(200);
    const code = await sendFindIdCode(t, email);
    const found = await verifyFindId(t, email, code);
    expect(found.json()).toEqual([{ maskedLoginId: `${a.loginId[0]}***` }, { maskedLoginId: `${b.loginId.slice(0, -4)}****` }]);
  });

  it('a send answers the plain-text sentence; a withdrawn user’s pair is 404 on both password routes', async () => {
    const p = await person(t);
    const res = await t.post('/api/find/send-code', { ip: nextIp(), body: { email: p.email } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(res.body).toBe('인증 코드가 이메일로 전송되었습니다.');
    const gone = await person(t);
    expect((await t.delete(`/api/users/${gone.id}`, { token: gone.token })).statusCode).toBe(200);
    for (const url of ['/api/users/check-loginid-email', '/api/find-password/send-code']) {
      expectError(
        await t.post(url, { ip: nextIp(), body: { loginId: gone.loginId, email: gone.email } }),
        404,
        'not_found',
        '존재하지 않는 아이디 입니다.',
      );
    }
  });
});

describe('change-password (6.4, 8.20, 8.21)', () => {
  it('works with the id in another case; the new password logs in, the old one and old tokens do not; the grant works once', async () => {
    const p = await person(t);
    const grant = await grantFor(t, p);
    const body = { loginId: p.loginId.toUpperCase(), newPassword: 'newPassw0rd!', confirmPassword: 'newPassw0rd!' };
    const res = await changePassword(t, body, grant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('새로운 비밀번호가 성공적으로 등록 되었습니다.');
    expect(String(res.headers['set-cookie'])).toMatch(/^reset_grant=; .*Max-Age=0/);
    expectError(await t.get('/api/users/me', { token: p.token }), 401, 'login_required', '로그인이 필요합니다.');
    const login = (password: string) => t.post('/api/auth/login', { ip: nextIp(), body: { loginId: p.loginId, password } });
    expect((await login('newPassw0rd!')).statusCode).toBe(200);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expectError(
      await changePassword(t, { ...body, newPassword: 'another12', confirmPassword: 'another12' }, grant),
      403,
      'reset_grant_required',
      GRANT_REQUIRED,
    );
  });

  it('a grant is for its user only; refusal changes nothing', async () => {
    const [a, b] = [await person(t), await person(t)];
    const grant = await grantFor(t, a);
    const [before] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, b.id));
    const body = { loginId: b.loginId, newPassword: 'hijacked1', confirmPassword: 'hijacked1' };
    expectError(await changePassword(t, body, grant), 403, 'reset_grant_required', GRANT_REQUIRED);
    expectError(
      await changePassword(t, { ...body, loginId: 'no_such_user' }, grant),
      403,
      'reset_grant_required',
      GRANT_REQUIRED,
    );
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, b.id));
    expect(after.hash).toBe(before.hash);
    // a's grant still works for a
    expect((await changePassword(t, { ...body, loginId: a.loginId }, grant)).statusCode).toBe(200);
  });

  it('a password code sent for one pair never verifies for another id on the same e-mail, even after a re-send for that id', async () => {
    const email = `shared_${Date.now()}@example.com`;
    const [a, b] = [await person(t, { email }), await person(t, { email })];
    const codeA = await sendPasswordCode(t, a);
    t.clock.advance(61_000);
    const codeB = await sendPasswordCode(t, b);
    if (codeA !== codeB) expectError(await verifyPassword(t, b.loginId, email, codeA), 400, 'code_invalid', CODE_INVALID);
    // b's send did not cancel a's code (another target)
    expect((await verifyPassword(t, a.loginId, email, codeA)).statusCode).toBe(200);
    expect((await verifyPassword(t, b.loginId, email, codeB)).statusCode).toBe(200);
  });
});
