import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../../db/schema/index.js';
import { expectError, nextIp, useTestApp } from '../../../test/helpers.js';
import { maskLoginId } from './presenter.js';
import {
  lastCode,
  otherThan,
  person,
  sendFindIdCode,
  sendPasswordCode,
  verifyFindId,
  verifyPassword,
} from '../../../test/fixtures/recovery.js';

const NOT_REGISTERED = '해당 이메일로 가입한 이력이 없습니다.';
const CODE_INVALID = '인증 코드가 일치하지 않습니다.';
const CODE_EXPIRED = '인증 코드가 만료되었습니다. 인증 코드를 다시 받아주세요.';
const EXCEEDED = '인증 시도 횟수를 초과했습니다. 인증 코드를 다시 받아주세요.';
const SENT = '인증 코드가 이메일로 전송되었습니다.';

const t = useTestApp({ now: '2025-06-01T03:00:00Z', freshLimits: true });

describe('masking (docs/api.md §6.2)', () => {
  it('follows the examples', () => {
    expect(['', 'a', 'abcd', 'abcde', 'hello123', 'user_2025'].map(maskLoginId)).toEqual([
      '',
      'a***',
      'a***',
      'a****',
      'hell****',
      'user_****',
    ]);
  });
});

describe('find login id', () => {
  it('check-email: 200 empty for an active user (trimmed, any case); 404 otherwise, withdrawn and system users included', async () => {
    const p = await person(t);
    const ok = await t.post('/api/users/check-email', { ip: nextIp(), body: { email: `  ${p.email.toUpperCase()} ` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    expectError(
      await t.post('/api/users/check-email', { ip: nextIp(), body: { email: 'nobody@example.com' } }),
      404,
      'not_found',
      NOT_REGISTERED,
    );
    const gone = await person(t);
    await t.db.update(users).set({ withdrawnAt: t.clock.now() }).where(eq(users.id, gone.id));
    expectError(
      await t.post('/api/users/check-email', { ip: nextIp(), body: { email: gone.email } }),
      404,
      'not_found',
      NOT_REGISTERED,
    );
    expectError(
      await t.post('/api/users/check-email', { ip: nextIp(), body: { email: 'a\u0000b@x.com' } }),
      404,
      'not_found',
      NOT_REGISTERED,
    );
    expectError(await t.post('/api/users/check-email', { ip: nextIp(), body: {} }), 400, 'validation_failed');
  });

  it('send-code mails a 4-digit code (6.5 wording) and stores only its hash; verify answers every masked id by id', async () => {
    const email = 'shared@example.com';
    const first = await person(t, { loginId: 'hello123', email });
    await person(t, { loginId: 'abcd', email: 'SHARED@example.com' });
    const gone = await person(t, { loginId: 'gone_user', email });
    await t.db.update(users).set({ withdrawnAt: t.clock.now() }).where(eq(users.id, gone.id));

    expectError(
      await t.post('/api/find/send-code', { ip: nextIp(), body: { email: 'none@example.com' } }),
      404,
      'not_found',
      NOT_REGISTERED,
    );
    const res = await t.post('/api/find/send-code', { ip: nextIp(), body: { email: ` ${email} ` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(SENT);
    const mail = t.mailer.lastTo(first.email)!;
    expect(mail.subject).toBe('아이디 찾기 인증 코드');
    const code = lastCode(t, email);
    expect(mail.text.split('\n')).toEqual([
      `인증 코드 : ${code}`,
      '인증 코드는 3분 동안 유효합니다.',
      '본인이 요청하지 않았다면 이 메일을 무시해주세요.',
    ]);
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.emailKey, email));
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash.length).toBeGreaterThan(20);

    const ok = await verifyFindId(t, email.toUpperCase(), code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual([{ maskedLoginId: 'hell****' }, { maskedLoginId: 'a***' }]);
    // single use
    expectError(await verifyFindId(t, email, code), 400, 'code_invalid', CODE_INVALID);
  });

  it('no code, a wrong one, another e-mail: code_invalid; the 5th wrong try (malformed ones count) locks the code', async () => {
    const p = await person(t);
    expectError(await verifyFindId(t, p.email, '1234'), 400, 'code_invalid', CODE_INVALID);
    const code = await sendFindIdCode(t, p.email);
    const other = await person(t);
    expectError(await verifyFindId(t, other.email, code), 400, 'code_invalid', CODE_INVALID);
    expectError(await verifyFindId(t, {}, code), 400, 'code_invalid', CODE_INVALID);
    for (const wrong of [otherThan(code), '12a4', 12345, ` ${code}`])
      expectError(await verifyFindId(t, p.email, wrong), 400, 'code_invalid', CODE_INVALID);
    expectError(await verifyFindId(t, p.email, '99999'), 400, 'code_attempts_exceeded', EXCEEDED);
    // the right code no longer works either
    expectError(await verifyFindId(t, p.email, code), 400, 'code_attempts_exceeded', EXCEEDED);
    // a new code starts over
    t.clock.advance(61_000);
    const fresh = await sendFindIdCode(t, p.email);
    expect((await verifyFindId(t, p.email, fresh)).statusCode).toBe(200);
  });

  it('a code lives 180 s; a new send cancels the previous one', async () => {
    const p = await person(t);
    const code = await sendFindIdCode(t, p.email);
    t.clock.advance(179_000);
    const stillOk = await verifyFindId(t, p.email, code);
    expect(stillOk.statusCode).toBe(200);

    t.clock.advance(61_000);
    const late = await sendFindIdCode(t, p.email);
    t.clock.advance(180_000);
    expectError(await verifyFindId(t, p.email, late), 400, 'code_expired', CODE_EXPIRED);

    const old = await sendFindIdCode(t, p.email);
    t.clock.advance(61_000);
    const replaced = await sendFindIdCode(t, p.email);
    if (old !== replaced) expectError(await verifyFindId(t, p.email, old), 400, 'code_invalid', CODE_INVALID);
    expect((await verifyFindId(t, p.email, replaced)).statusCode).toBe(200);
    const rows = await t.db
      .select({ status: verificationCodes.status })
      .from(verificationCodes)
      .where(eq(verificationCodes.emailKey, p.email));
    // used, expired then cancelled by the next send, cancelled by the next send, used
    expect(rows.map((r) => r.status).sort()).toEqual(['CANCELLED', 'CANCELLED', 'USED', 'USED']);
  });
});

describe('find password', () => {
  it('check-loginid-email: 404 unknown id, 400 email_mismatch, else 200 empty (id any case)', async () => {
    const p = await person(t);
    const check = (body: unknown) => t.post('/api/users/check-loginid-email', { ip: nextIp(), body });
    expectError(await check({ loginId: 'no_such_id', email: p.email }), 404, 'not_found', '존재하지 않는 아이디 입니다.');
    expectError(
      await check({ loginId: p.loginId, email: 'other@example.com' }),
      400,
      'email_mismatch',
      '입력한 이메일이 등록된 이메일과 다릅니다.',
    );
    const ok = await check({ loginId: p.loginId.toUpperCase(), email: ` ${p.email.toUpperCase()}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    expect(t.mailer.lastTo(p.email)).toBeUndefined();
  });

  it('send-code checks the pair the same way, then mails the password code (6.5 wording)', async () => {
    const p = await person(t);
    const send = (body: unknown) => t.post('/api/find-password/send-code', { ip: nextIp(), body });
    expectError(await send({ loginId: 'no_such_id', email: p.email }), 404, 'not_found', '존재하지 않는 아이디 입니다.');
    expectError(
      await send({ loginId: p.loginId, email: 'x@example.com' }),
      400,
      'email_mismatch',
      '입력한 이메일이 등록된 이메일과 다릅니다.',
    );
    expect(t.mailer.lastTo(p.email)).toBeUndefined();
    const res = await send({ loginId: p.loginId, email: p.email });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SENT);
    const mail = t.mailer.lastTo(p.email)!;
    const code = lastCode(t, p.email);
    expect(mail.subject).toBe('비밀번호 찾기 인증 코드');
    expect(mail.text.split('\n')).toEqual([
      `인증 코드: ${code}`,
      '인증 코드는 3분 동안 유효합니다.',
      '본인이 요청하지 않았다면 이 메일을 무시해주세요.',
    ]);
  });

  it('verify: true plus the reset-grant cookie (6.4 attributes), and the code is used', async () => {
    const p = await person(t);
    const code = await sendPasswordCode(t, p);
    const res = await verifyPassword(t, p.loginId, p.email, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(true);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^reset_grant=[A-Za-z0-9_-]{43}; HttpOnly; Secure; SameSite=Strict; Path=\/api\/change-password; Max-Age=600$/,
    );
    expectError(await verifyPassword(t, p.loginId, p.email, code), 400, 'code_invalid', CODE_INVALID);
  });

  it('flows are separate, and a password code is bound to its (id, e-mail) pair', async () => {
    const email = `pair_${Date.now()}@example.com`;
    const a = await person(t, { email });
    const b = await person(t, { email });
    const idCode = await sendFindIdCode(t, email);
    expectError(await verifyPassword(t, a.loginId, email, idCode), 400, 'code_invalid', CODE_INVALID);
    t.clock.advance(61_000);
    const pwCode = await sendPasswordCode(t, a);
    expectError(await verifyFindId(t, email, pwCode), 400, 'code_invalid', CODE_INVALID);
    // id B shares the e-mail; an unknown id and a wrong e-mail are code_invalid too
    expectError(await verifyPassword(t, b.loginId, email, pwCode), 400, 'code_invalid', CODE_INVALID);
    expectError(await verifyPassword(t, 'no_such_id', email, pwCode), 400, 'code_invalid', CODE_INVALID);
    expectError(await verifyPassword(t, a.loginId, 'other@example.com', pwCode), 400, 'code_invalid', CODE_INVALID);
    expectError(await verifyPassword(t, null, null, null), 400, 'code_invalid', CODE_INVALID);
    // the find-id code is still there for its own flow, the password code for its pair
    expect((await verifyFindId(t, email, idCode)).statusCode).toBe(200);
    expect((await verifyPassword(t, a.loginId.toUpperCase(), email, pwCode)).statusCode).toBe(200);
  });

  it('password codes: expiry, lock after 5 wrong tries and a new send replacing the old work as in the find-id flow', async () => {
    const p = await person(t);
    const code = await sendPasswordCode(t, p);
    for (let i = 0; i < 4; i++)
      expectError(await verifyPassword(t, p.loginId, p.email, 'abcd'), 400, 'code_invalid', CODE_INVALID);
    expectError(await verifyPassword(t, p.loginId, p.email, otherThan(code)), 400, 'code_attempts_exceeded', EXCEEDED);
    expectError(await verifyPassword(t, p.loginId, p.email, code), 400, 'code_attempts_exceeded', EXCEEDED);
    t.clock.advance(61_000);
    const next = await sendPasswordCode(t, p);
    t.clock.advance(180_001);
    expectError(await verifyPassword(t, p.loginId, p.email, next), 400, 'code_expired', CODE_EXPIRED);
  });
});
