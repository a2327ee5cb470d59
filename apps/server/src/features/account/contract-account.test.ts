/**
 * QA: docs/api.md §1 (conventions), §3.1 (account) and §8 (security rules) — what the feature tests do not cover.
 * Written from /work/shared/spec/api-contract.md alone.
 */
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { expectError, nextIp, useTestApp } from '../../../test/helpers.js';
import { accountRoutes, signUpBody, uniq } from '../../../test/fixtures/account.js';
import { TEST_JWT_SECRET } from '../../../test/signed-token.js';

const t = useTestApp();

const SECRET = new TextEncoder().encode(TEST_JWT_SECRET);
const LOGIN_ID_TEXT = '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.';
const PASSWORD_SHORT = '비밀번호는 8자 이상이어야 합니다.';
const PASSWORD_LONG = '비밀번호는 128자 이하여야 합니다.';
const EMAIL_TEXT = '올바른 이메일 형식이 아닙니다.';
const PHONE_TEXT = '전화번호는 -제외하고 01로 시작하는 10~11자리 숫자로 입력해주세요.';
const NICK_TEXT = '닉네임은 2~20자로 입력해주세요.';
const RESERVED_TEXT = '사용할 수 없는 닉네임입니다.';
const LOGIN_EMPTY = '아이디와 비밀번호를 입력해주세요.';
const INVALID_CREDENTIALS = '아이디 또는 비밀번호가 일치하지 않습니다.';

const { register, login } = accountRoutes(t);
const sign = (claims: Record<string, unknown>, alg = 'HS256', sub?: string) => {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg }).setIssuedAt().setExpirationTime('1h');
  if (sub) jwt = jwt.setSubject(sub);
  return jwt.sign(SECRET);
};

describe('POST /api/users/register (docs/api.md §3.1, §1.6)', () => {
  it('stores trimmed loginId, email and nickname (1.6: trimmed value is stored)', async () => {
    const id = `trim_${uniq()}`;
    const nick = `트림${uniq()}`;
    const res = await register(signUpBody({ loginId: `  ${id} `, email: '  trimmed@example.com ', nickname: ` ${nick}  ` }));
    expect(res.statusCode, res.body).toBe(201);
    const log = await login(id, 'secret-pass1');
    expect(log.statusCode).toBe(200);
    const me = (await t.get('/api/users/me', { token: log.json().token })).json();
    expect(me).toMatchObject({ loginId: id, email: 'trimmed@example.com', nickname: nick });
  });

  it('does not trim passwords', async () => {
    const id = `pw_${uniq()}`;
    expect((await register(signUpBody({ loginId: id, password: '  spaced pw  ' }))).statusCode).toBe(201);
    expectError(await login(id, 'spaced pw'), 401, 'invalid_credentials', INVALID_CREDENTIALS);
    expect((await login(id, '  spaced pw  ')).statusCode).toBe(200);
    // 7 visible characters padded with spaces are 9 characters: long enough
    const id2 = `pw_${uniq()}`;
    expect((await register(signUpBody({ loginId: id2, password: ' 1234567 ' }))).statusCode).toBe(201);
  });

  it.each([
    ['loginId of 4', { loginId: `a${uniq()}`.slice(0, 4).padEnd(4, 'z') }],
    ['loginId of 20', { loginId: `Z_${uniq()}`.padEnd(20, '9') }],
    ['password of 8', { password: '12345678' }],
    ['password of 128', { password: 'p'.repeat(128) }],
    ['password of 128 code points', { password: '😀'.repeat(128) }],
    ['phone of 10 digits', { phoneNumber: '0101234567' }],
    ['phone of 11 digits', { phoneNumber: '01112345678' }],
    ['nickname of 20 code points', { nickname: `😀${uniq()}`.padEnd(19, '가') + '😀' }],
  ])('accepts the limits: %s', async (_name, over) => {
    const res = await register(signUpBody(over));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).toBe('회원가입이 완료되었습니다.');
  });

  it('accepts a 254-character e-mail and refuses 255', async () => {
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.com`;
    const ok = `${'a'.repeat(60)}@${domain}`;
    expect(ok.length).toBe(254);
    expect((await register(signUpBody({ email: ok }))).statusCode).toBe(201);
    expectError(await register(signUpBody({ email: `a${ok}` })), 400, 'validation_failed', EMAIL_TEXT);
  });

  it.each([
    [{ loginId: 'abc' }, LOGIN_ID_TEXT],
    [{ loginId: 'a'.repeat(21) }, LOGIN_ID_TEXT],
    [{ loginId: 'bad-id' }, LOGIN_ID_TEXT],
    [{ loginId: 'bad id1' }, LOGIN_ID_TEXT],
    [{ loginId: undefined }, LOGIN_ID_TEXT],
    [{ password: undefined }, PASSWORD_SHORT],
    [{ password: '1234567' }, PASSWORD_SHORT],
    [{ password: '😀'.repeat(129) }, PASSWORD_LONG],
    [{ email: undefined }, EMAIL_TEXT],
    [{ email: '' }, EMAIL_TEXT],
    [{ phoneNumber: undefined }, PHONE_TEXT],
    [{ phoneNumber: '011234567' }, PHONE_TEXT],
    [{ phoneNumber: '010123456789' }, PHONE_TEXT],
    [{ phoneNumber: '01a12345678' }, PHONE_TEXT],
    [{ nickname: undefined }, NICK_TEXT],
    [{ nickname: '😀' }, NICK_TEXT],
    [{ nickname: '  가  ' }, NICK_TEXT],
    [{ nickname: '시스템' }, RESERVED_TEXT],
    [{ nickname: '관리자' }, RESERVED_TEXT],
    [{ nickname: '운영자' }, RESERVED_TEXT],
    [{ nickname: 'System' }, RESERVED_TEXT],
    [{ nickname: '  [시스템] ' }, RESERVED_TEXT],
  ])('refuses %j with 400 validation_failed and its text', async (over, text) => {
    expectError(await register(signUpBody(over)), 400, 'validation_failed', text);
  });

  it('validates in field order: password, email, phoneNumber, nickname', async () => {
    const bad = { password: 'short', email: 'bad', phoneNumber: '123', nickname: 'x' };
    expectError(await register(signUpBody(bad)), 400, 'validation_failed', PASSWORD_SHORT);
    expectError(
      await register(signUpBody({ email: 'bad', phoneNumber: '123', nickname: 'x' })),
      400,
      'validation_failed',
      EMAIL_TEXT,
    );
    expectError(await register(signUpBody({ phoneNumber: '123', nickname: 'x' })), 400, 'validation_failed', PHONE_TEXT);
  });

  it('checks validation before duplicates, and the login id before the nickname', async () => {
    const first = signUpBody();
    expect((await register(first)).statusCode).toBe(201);
    expectError(await register(signUpBody({ loginId: first.loginId, email: 'nope' })), 400, 'validation_failed', EMAIL_TEXT);
    expectError(
      await register(signUpBody({ loginId: first.loginId.toUpperCase(), nickname: first.nickname })),
      409,
      'duplicate_login_id',
      '이미 사용 중인 아이디입니다.',
    );
  });

  it('refuses nicknames that differ only in non-ASCII case (8.6)', async () => {
    const tag = uniq();
    expect((await register(signUpBody({ nickname: `ÄΣП${tag}` }))).statusCode).toBe(201);
    expectError(await register(signUpBody({ nickname: `äσп${tag}` })), 409, 'duplicate_nickname', '이미 사용 중인 닉네임입니다.');
    expect((await t.post('/api/users/check-nickname', { ip: nextIp(), body: { nickname: `äσп${tag}` } })).json()).toBe(true);
  });

  it('stores the password only as an argon2id hash with m >= 19 MiB and t >= 2 (8.5)', async () => {
    const u = await t.user();
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row.passwordHash).not.toContain(u.password);
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/.exec(row.passwordHash ?? '');
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
    // a new password in account edit is re-hashed the same way
    await t.put(`/api/users/${u.id}`, {
      token: u.token,
      body: { email: 'h@example.com', phoneNumber: '01012345678', nickname: u.nickname, password: 'rehash-me-1' },
    });
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after.passwordHash).not.toBe(row.passwordHash);
  });

  it('ignores unknown fields', async () => {
    const res = await register(signUpBody({ role: 'ROLE_ADMIN', admin: true, id: 1, system: true }));
    expect(res.statusCode).toBe(201);
  });

  it('gives the same 409 to one of two concurrent sign-ups with one login id', async () => {
    const loginId = `race_${uniq()}`;
    const results = await Promise.all([
      register(signUpBody({ loginId })),
      register(signUpBody({ loginId: loginId.toUpperCase() })),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!;
    expectError(conflict, 409, 'duplicate_login_id', '이미 사용 중인 아이디입니다.');
  });

  it('gives the same 409 to one of two concurrent sign-ups with one nickname', async () => {
    const nickname = `경쟁${uniq()}`;
    const results = await Promise.all([register(signUpBody({ nickname })), register(signUpBody({ nickname }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expectError(
      results.find((r) => r.statusCode === 409)!,
      409,
      'duplicate_nickname',
      '이미 사용 중인 닉네임입니다.',
    );
  });

  it('lets a new user take the login id and nickname of a withdrawn one', async () => {
    const old = await t.user(`재사용${uniq()}`);
    expect((await t.delete(`/api/users/${old.id}`, { token: old.token })).statusCode).toBe(200);
    const res = await register(signUpBody({ loginId: old.loginId, nickname: old.nickname }));
    expect(res.statusCode, res.body).toBe(201);
    const log = await login(old.loginId, 'secret-pass1');
    expect(log.statusCode).toBe(200);
    expect(log.json().nickname).toBe(old.nickname);
    const me = (await t.get('/api/users/me', { token: log.json().token })).json();
    expect(me.id).not.toBe(old.id);
  });
});

describe('check-loginid and check-nickname (3.1)', () => {
  it('answer bare JSON booleans, trimmed and case-insensitive', async () => {
    const u = await t.user(`체크${uniq()}`);
    const taken = await t.post('/api/users/check-loginid', { ip: nextIp(), body: { loginId: `  ${u.loginId.toUpperCase()} ` } });
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['content-type']).toMatch(/^application\/json/);
    expect(taken.body).toBe('true');
    const nick = await t.post('/api/users/check-nickname', { ip: nextIp(), body: { nickname: ` ${u.nickname} ` } });
    expect(nick.body).toBe('true');
    expect((await t.post('/api/users/check-nickname', { ip: nextIp(), body: { nickname: '빈닉네임없음' } })).body).toBe('false');
  });

  it.each(['탈퇴한 사용자', '관리자', '운영자', '시스템', 'ADMIN', 'sYsTeM'])(
    'check-nickname says %s is taken',
    async (nickname) => {
      const res = await t.post('/api/users/check-nickname', { ip: nextIp(), body: { nickname } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(true);
    },
  );

  it('refuses malformed input with the field texts', async () => {
    expectError(
      await t.post('/api/users/check-loginid', { ip: nextIp(), body: { loginId: 'a'.repeat(21) } }),
      400,
      'validation_failed',
      LOGIN_ID_TEXT,
    );
    expectError(
      await t.post('/api/users/check-loginid', { ip: nextIp(), body: { loginId: 'bad-id' } }),
      400,
      'validation_failed',
      LOGIN_ID_TEXT,
    );
    expectError(await t.post('/api/users/check-loginid', { ip: nextIp(), body: {} }), 400, 'validation_failed', LOGIN_ID_TEXT);
    expectError(
      await t.post('/api/users/check-nickname', { ip: nextIp(), body: { nickname: '가'.repeat(21) } }),
      400,
      'validation_failed',
      NICK_TEXT,
    );
    expectError(
      await t.post('/api/users/check-nickname', { ip: nextIp(), body: { nickname: 5 } }),
      400,
      'validation_failed',
      NICK_TEXT,
    );
    expectError(await t.post('/api/users/check-nickname', { ip: nextIp(), body: {} }), 400, 'validation_failed', NICK_TEXT);
  });

  it.each(['/api/users/check-loginid', '/api/users/check-nickname'])(
    '%s allows 30 per minute per IP, then 429 with Retry-After',
    async (url) => {
      const ip = nextIp();
      const b = url.endsWith('loginid') ? { loginId: 'some_id' } : { nickname: '어떤닉' };
      for (let i = 0; i < 30; i++) expect((await t.post(url, { ip, body: b })).statusCode).toBe(200);
      const res = await t.post(url, { ip, body: b });
      expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // another address is not affected
      expect((await t.post(url, { ip: nextIp(), body: b })).statusCode).toBe(200);
    },
  );
});

describe('POST /api/auth/login (3.1, 8.3, 8.4)', () => {
  it('answers exactly {loginId, token, role, nickname} and ignores rememberMe', async () => {
    const u = await t.user();
    const res = await t.post('/api/auth/login', {
      ip: nextIp(),
      body: { loginId: u.loginId, password: u.password, rememberMe: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ loginId: u.loginId, token: expect.any(String), role: 'ROLE_USER', nickname: u.nickname });
    expect(res.json().token.split('.')).toHaveLength(3);
  });

  it.each([
    [{ loginId: 'someone', password: '' }],
    [{ loginId: '   ', password: 'password1' }],
    [{ password: 'password1' }],
    [{ loginId: 'someone' }],
    [{ loginId: null, password: null }],
    [{}],
  ])('asks for both fields when one is empty: %j', async (b) => {
    expectError(await t.post('/api/auth/login', { ip: nextIp(), body: b }), 400, 'validation_failed', LOGIN_EMPTY);
  });

  it('answers a login id with a NUL character with a clear 4xx, never a 500', async () => {
    const res = await login('ab\u0000cd', 'password123');
    expect([400, 401]).toContain(res.statusCode);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-error-code']).toBeTruthy();
  });

  it('does not count an empty-field 400 as a failure towards the lock', async () => {
    const u = await t.user();
    for (let i = 0; i < 12; i++) await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: '' } });
    expect((await login(u.loginId, u.password)).statusCode).toBe(200);
  });

  it('gives the same 401 for a withdrawn user, a wrong password and an unknown id', async () => {
    const gone = await t.user();
    await t.delete(`/api/users/${gone.id}`, { token: gone.token });
    expectError(await login(gone.loginId, gone.password), 401, 'invalid_credentials', INVALID_CREDENTIALS);
    expectError(await login('[시스템]', 'password123'), 401, 'invalid_credentials', INVALID_CREDENTIALS);
    expectError(await login('  ', 'x'), 400, 'validation_failed', LOGIN_EMPTY);
  });

  it('locks an id that does not exist after 10 failures, case-insensitively', async () => {
    const ghost = `Ghost_${uniq()}`;
    for (let i = 0; i < 10; i++) expectError(await login(ghost, 'wrong-pass'), 401, 'invalid_credentials', INVALID_CREDENTIALS);
    const res = await login(ghost.toLowerCase(), 'wrong-pass');
    expectError(res, 429, 'account_locked', '로그인 시도 횟수를 초과했습니다. 10분 후 다시 시도해주세요.');
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(600);
  });

  it('keeps the lock for 10 minutes and starts a fresh count when it ends', async () => {
    const u = await t.user();
    for (let i = 0; i < 10; i++) await login(u.loginId, 'wrong-pass');
    t.clock.advance(9 * 60 * 1000);
    expectError(await login(u.loginId, u.password), 429, 'account_locked');
    t.clock.advance(61 * 1000 + 1000);
    // lock over: one more failure is a plain 401 and does not lock again
    expectError(await login(u.loginId, 'wrong-pass'), 401, 'invalid_credentials', INVALID_CREDENTIALS);
    expect((await login(u.loginId, u.password)).statusCode).toBe(200);
  });

  it('counts the 10 attempts per IP within a minute regardless of the outcome (the 11th is 429)', async () => {
    const u = await t.user();
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const r = await t.post('/api/auth/login', { ip, body: { loginId: u.loginId, password: u.password } });
      expect(r.statusCode).toBe(200);
    }
    const res = await t.post('/api/auth/login', { ip, body: { loginId: u.loginId, password: u.password } });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    t.clock.advance(61_000);
    expect((await t.post('/api/auth/login', { ip, body: { loginId: u.loginId, password: u.password } })).statusCode).toBe(200);
  });
});

describe('tokens (1.2, 8.1, 8.7)', () => {
  it('refuses a token signed with the right secret but another algorithm', async () => {
    const u = await t.user();
    const hs512 = await sign({ uid: u.id, tv: 0 }, 'HS512', u.loginId);
    expectError(await t.get('/api/users/me', { token: hs512 }), 401, 'login_required', '로그인이 필요합니다.');
  });

  it('refuses a correctly signed token with an old token version', async () => {
    const u = await t.user();
    const wrongTv = await sign({ uid: u.id, tv: 1 }, 'HS256', u.loginId);
    expectError(await t.get('/api/users/me', { token: wrongTv }), 401, 'login_required');
    const good = await sign({ uid: u.id, tv: 0 }, 'HS256', u.loginId);
    expect((await t.get('/api/users/me', { token: good })).statusCode).toBe(200);
  });

  it('never authenticates the system user, whatever its id', async () => {
    const [system] = await t.db.select().from(users).where(eq(users.system, true));
    expect(system.nickname).toBe('[시스템]');
    const token = await sign({ uid: system.id, tv: system.tokenVersion }, 'HS256', 'system');
    expectError(await t.get('/api/users/me', { token }), 401, 'login_required');
    expectError(await t.get('/api/messages', { token }), 401, 'login_required');
  });

  it('ignores an invalid token on a public route', async () => {
    const res = await t.post('/api/users/check-nickname', {
      ip: nextIp(),
      token: 'garbage.token.value',
      body: { nickname: '공개경로닉' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a token whose user withdrew, on every login route', async () => {
    const u = await t.user();
    await t.delete(`/api/users/${u.id}`, { token: u.token });
    expectError(await t.delete(`/api/users/${u.id}`, { token: u.token }), 401, 'login_required');
    expectError(await t.put(`/api/users/${u.id}`, { token: u.token, body: {} }), 401, 'login_required');
    expectError(await t.get('/api/messages/unread-count', { token: u.token }), 401, 'login_required');
  });
});
