import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { expectError, nextIp, useTestApp } from '../../../test/helpers.js';

const t = useTestApp();

const validBody = (over: Record<string, unknown> = {}) => ({
  loginId: `new_${Math.random().toString(36).slice(2, 10)}`,
  password: 'secret-pass1',
  email: 'person@naver.com',
  phoneNumber: '01098765432',
  nickname: `닉${Math.random().toString(36).slice(2, 8)}`,
  ...over,
});
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0].n;

describe('POST /api/users/register', () => {
  it('creates an account with a plain-text answer', async () => {
    const res = await t.post('/api/users/register', { ip: nextIp(), body: validBody() });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('회원가입이 완료되었습니다.');
  });

  it.each([
    [{ loginId: 'ab' }, '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.'],
    [{ loginId: '한글아이디' }, '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.'],
    [{ loginId: 123456 }, '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.'],
    [{ password: 'short' }, '비밀번호는 8자 이상이어야 합니다.'],
    [{ password: 'x'.repeat(129) }, '비밀번호는 128자 이하여야 합니다.'],
    [{ email: 'not-an-email' }, '올바른 이메일 형식이 아닙니다.'],
    [{ email: `${'a'.repeat(250)}@b.com` }, '올바른 이메일 형식이 아닙니다.'],
    [{ phoneNumber: '010-1234-5678' }, '전화번호는 -제외하고 01로 시작하는 10~11자리 숫자로 입력해주세요.'],
    [{ phoneNumber: '0212345678' }, '전화번호는 -제외하고 01로 시작하는 10~11자리 숫자로 입력해주세요.'],
    [{ nickname: '가' }, '닉네임은 2~20자로 입력해주세요.'],
    [{ nickname: '가'.repeat(21) }, '닉네임은 2~20자로 입력해주세요.'],
    [{ nickname: '  ' }, '닉네임은 2~20자로 입력해주세요.'],
    [{ nickname: '[시스템]' }, '사용할 수 없는 닉네임입니다.'],
    [{ nickname: '탈퇴한 사용자' }, '사용할 수 없는 닉네임입니다.'],
    [{ nickname: 'ADMIN' }, '사용할 수 없는 닉네임입니다.'],
    [{ nickname: '줄\n바꿈' }, '사용할 수 없는 문자가 포함되어 있습니다.'],
  ])('refuses %j with its text and stores nothing', async (over, text) => {
    const before = await userCount();
    const res = await t.post('/api/users/register', { ip: nextIp(), body: validBody(over) });
    expectError(res, 400, 'validation_failed', text);
    expect(await userCount()).toBe(before);
  });

  it('checks fields in contract order (loginId before password)', async () => {
    const res = await t.post('/api/users/register', { ip: nextIp(), body: validBody({ loginId: 'x', password: 'y' }) });
    expectError(res, 400, 'validation_failed', '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.');
  });

  it('refuses duplicates that differ only in case, with 409 codes', async () => {
    const first = validBody({ loginId: 'CaseUser', nickname: 'CaseNick' });
    expect((await t.post('/api/users/register', { ip: nextIp(), body: first })).statusCode).toBe(201);
    const dupId = await t.post('/api/users/register', { ip: nextIp(), body: validBody({ loginId: 'caseuser' }) });
    expectError(dupId, 409, 'duplicate_login_id', '이미 사용 중인 아이디입니다.');
    const dupNick = await t.post('/api/users/register', { ip: nextIp(), body: validBody({ nickname: 'casenick' }) });
    expectError(dupNick, 409, 'duplicate_nickname', '이미 사용 중인 닉네임입니다.');
  });

  it('answers malformed bodies with 400 and never 500', async () => {
    const bad = await t.request('POST', '/api/users/register', {
      ip: nextIp(),
      body: '{"loginId": ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(bad, 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    const idText = '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.';
    expectError(await t.post('/api/users/register', { ip: nextIp() }), 400, 'validation_failed', idText);
    expectError(await t.post('/api/users/register', { ip: nextIp(), body: [1, 2] }), 400, 'validation_failed', idText);
    const nullBody = await t.request('POST', '/api/users/register', {
      ip: nextIp(),
      body: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expectError(nullBody, 400, 'validation_failed', idText);
    const huge = await t.post('/api/users/register', { ip: nextIp(), body: validBody({ nickname: '가'.repeat(100_000) }) });
    expectError(huge, 400, 'validation_failed', '닉네임은 2~20자로 입력해주세요.');
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const res = await t.post('/api/users/register', { ip: nextIp(), body: validBody({ nickname: 'x'.repeat(1_100_000) }) });
    expectError(res, 413, 'payload_too_large', '요청 본문이 너무 큽니다.');
  });

  it('limits sign-ups to 10 per hour per IP; a refused sign-up does not count', async () => {
    const ip = nextIp();
    for (let i = 0; i < 12; i++)
      expect((await t.post('/api/users/register', { ip, body: { loginId: 'x' } })).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) expect((await t.post('/api/users/register', { ip, body: validBody() })).statusCode).toBe(201);
    const res = await t.post('/api/users/register', { ip, body: validBody() });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('duplicate checks', () => {
  it('check-loginid answers true when taken, case-insensitively', async () => {
    const u = await t.registeredUser();
    const taken = await t.post('/api/users/check-loginid', { body: { loginId: u.loginId.toUpperCase() } });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toBe(true);
    const free = await t.post('/api/users/check-loginid', { body: { loginId: 'free_id_123' } });
    expect(free.json()).toBe(false);
    expectError(
      await t.post('/api/users/check-loginid', { body: { loginId: 'a' } }),
      400,
      'validation_failed',
      '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.',
    );
  });

  it('check-nickname answers true when taken or reserved', async () => {
    const u = await t.registeredUser('중복닉네임');
    expect((await t.post('/api/users/check-nickname', { body: { nickname: u.nickname } })).json()).toBe(true);
    expect((await t.post('/api/users/check-nickname', { body: { nickname: '[시스템]' } })).json()).toBe(true);
    expect((await t.post('/api/users/check-nickname', { body: { nickname: 'System' } })).json()).toBe(true);
    expect((await t.post('/api/users/check-nickname', { body: { nickname: '새로운닉' } })).json()).toBe(false);
    expectError(
      await t.post('/api/users/check-nickname', { body: { nickname: 'a' } }),
      400,
      'validation_failed',
      '닉네임은 2~20자로 입력해주세요.',
    );
  });
});

describe('POST /api/auth/login', () => {
  it('returns a 24 h HS256 token with sub, uid and tv', async () => {
    const u = await t.registeredUser();
    const res = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: u.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ loginId: u.loginId, role: 'ROLE_USER', nickname: u.nickname });
    const [header, payload] = body.token
      .split('.')
      .slice(0, 2)
      .map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: u.loginId, uid: u.id, tv: 0 });
    expect(payload.exp - payload.iat).toBe(86400);
  });

  it('gives the same answer for an unknown id and a wrong password', async () => {
    const u = await t.registeredUser();
    const wrong = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: 'wrong-password' } });
    const unknown = await t.post('/api/auth/login', {
      ip: nextIp(),
      body: { loginId: 'nobody_here', password: 'wrong-password' },
    });
    expectError(wrong, 401, 'invalid_credentials', '아이디 또는 비밀번호가 일치하지 않습니다.');
    expectError(unknown, 401, 'invalid_credentials', '아이디 또는 비밀번호가 일치하지 않습니다.');
  });

  it('asks for both fields', async () => {
    expectError(
      await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: '', password: 'x' } }),
      400,
      'validation_failed',
      '아이디와 비밀번호를 입력해주세요.',
    );
  });

  it('reads a missing or non-object body as empty fields on every account route', async () => {
    const u = await t.registeredUser();
    const loginText = '아이디와 비밀번호를 입력해주세요.';
    expectError(await t.post('/api/auth/login', { ip: nextIp() }), 400, 'validation_failed', loginText);
    expectError(await t.post('/api/auth/login', { ip: nextIp(), body: [] }), 400, 'validation_failed', loginText);
    expectError(
      await t.post('/api/users/check-loginid', { ip: nextIp() }),
      400,
      'validation_failed',
      '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.',
    );
    expectError(
      await t.post('/api/users/check-nickname', { ip: nextIp() }),
      400,
      'validation_failed',
      '닉네임은 2~20자로 입력해주세요.',
    );
    expectError(
      await t.put(`/api/users/${u.id}`, { token: u.token }),
      400,
      'validation_failed',
      '올바른 이메일 형식이 아닙니다.',
    );
  });

  it('never lets the system user log in', async () => {
    const res = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: '[시스템]', password: 'anything1' } });
    expectError(res, 401, 'invalid_credentials');
  });

  it('limits one IP to 10 attempts a minute', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await t.post('/api/auth/login', { ip, body: { loginId: 'nobody', password: 'x' } });
    const res = await t.post('/api/auth/login', { ip, body: { loginId: 'nobody', password: 'x' } });
    expectError(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('locks a login id for 10 minutes after 10 consecutive failures, even for the right password', async () => {
    const u = await t.registeredUser();
    for (let i = 0; i < 10; i++) {
      const r = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: 'bad-password' } });
      expectError(r, 401, 'invalid_credentials');
    }
    const locked = await t.post('/api/auth/login', {
      ip: nextIp(),
      body: { loginId: u.loginId.toUpperCase(), password: u.password },
    });
    expectError(locked, 429, 'account_locked', '로그인 시도 횟수를 초과했습니다. 10분 후 다시 시도해주세요.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(10 * 60 * 1000 + 1000);
    const after = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: u.password } });
    expect(after.statusCode).toBe(200);
  });

  it('counts and locks an id far longer than any real one (random text that does not compress), never a 500', async () => {
    const longId = Array.from({ length: 9000 }, (_, i) => ((i * 7919 + Math.floor(Math.random() * 1e6)) % 36).toString(36)).join(
      '',
    );
    for (let i = 0; i < 10; i++) {
      expectError(
        await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: longId, password: 'bad-password' } }),
        401,
        'invalid_credentials',
      );
    }
    const locked = await t.post('/api/auth/login', {
      ip: nextIp(),
      body: { loginId: longId.toUpperCase(), password: 'bad-password' },
    });
    expectError(locked, 429, 'account_locked', '로그인 시도 횟수를 초과했습니다. 10분 후 다시 시도해주세요.');
  });

  it('resets the failure counter on success', async () => {
    const u = await t.registeredUser();
    for (let i = 0; i < 9; i++)
      await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: 'bad-password' } });
    expect(
      (await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: u.password } })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 9; i++)
      await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: 'bad-password' } });
    expect(
      (await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: u.password } })).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/users/me and token rules', () => {
  it('returns the current user without a password', async () => {
    const u = await t.registeredUser();
    const res = await t.get('/api/users/me', { token: u.token });
    expect(res.json()).toEqual({
      id: u.id,
      loginId: u.loginId,
      password: null,
      email: `${u.loginId}@example.com`,
      phoneNumber: '01012345678',
      nickname: u.nickname,
      operator: false,
    });
  });

  it('refuses anonymous, foreign-secret, alg:none, expired and query tokens', async () => {
    const u = await t.registeredUser();
    expectError(await t.get('/api/users/me'), 401, 'login_required', '로그인이 필요합니다.');
    const foreign = await new SignJWT({ uid: u.id, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.loginId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expectError(await t.get('/api/users/me', { token: foreign }), 401, 'login_required');
    const none =
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url') +
      '.' +
      Buffer.from(JSON.stringify({ sub: u.loginId, uid: u.id, tv: 0, exp: 9999999999 })).toString('base64url') +
      '.';
    expectError(await t.get('/api/users/me', { token: none }), 401, 'login_required');
    expectError(await t.get(`/api/users/me?token=${u.token}`), 401, 'login_required');

    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expectError(await t.get('/api/users/me', { token: u.token }), 401, 'login_required');
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });
});

describe('PUT /api/users/{id}', () => {
  const edit = (over: Record<string, unknown> = {}) => ({
    email: 'changed@gmail.com',
    phoneNumber: '0101234567',
    nickname: `수정${Math.random().toString(36).slice(2, 8)}`,
    ...over,
  });

  it('updates the account, keeps the login id and the session', async () => {
    const u = await t.registeredUser();
    const body = edit({ loginId: 'hijacked_id', password: 'new-password-1' });
    const res = await t.put(`/api/users/${u.id}`, { token: u.token, body });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('회원 정보가 수정되었습니다.');
    const me = (await t.get('/api/users/me', { token: u.token })).json();
    expect(me).toMatchObject({
      loginId: u.loginId,
      email: 'changed@gmail.com',
      phoneNumber: '0101234567',
      nickname: body.nickname,
    });
    const relog = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: 'new-password-1' } });
    expect(relog.statusCode).toBe(200);
  });

  it('keeps the password when it is empty, null or missing', async () => {
    const u = await t.registeredUser();
    for (const password of ['', null, undefined]) {
      const res = await t.put(`/api/users/${u.id}`, { token: u.token, body: edit({ password }) });
      expect(res.statusCode).toBe(200);
    }
    const login = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: u.password } });
    expect(login.statusCode).toBe(200);
  });

  it('lets a user keep their own nickname but not take another', async () => {
    const a = await t.registeredUser();
    const b = await t.registeredUser();
    expect((await t.put(`/api/users/${a.id}`, { token: a.token, body: edit({ nickname: a.nickname }) })).statusCode).toBe(200);
    const res = await t.put(`/api/users/${a.id}`, { token: a.token, body: edit({ nickname: b.nickname.toUpperCase() }) });
    expectError(res, 409, 'duplicate_nickname', '이미 사용 중인 닉네임입니다.');
  });

  it('answers 403 for any other id before validating, and 401 when anonymous', async () => {
    const a = await t.registeredUser();
    const b = await t.registeredUser();
    expectError(
      await t.put(`/api/users/${b.id}`, { token: a.token, body: edit() }),
      403,
      'forbidden',
      '정보에 접근할 권한이 없습니다.',
    );
    expectError(
      await t.put('/api/users/999999', { token: a.token, body: {} }),
      403,
      'forbidden',
      '정보에 접근할 권한이 없습니다.',
    );
    expectError(await t.put(`/api/users/${a.id}`, { body: edit() }), 401, 'login_required');
    expectError(
      await t.put('/api/users/abc', { token: a.token, body: edit() }),
      400,
      'bad_request',
      '요청 형식이 올바르지 않습니다.',
    );
  });

  it('validates fields and changes nothing on failure', async () => {
    const u = await t.registeredUser();
    expectError(
      await t.put(`/api/users/${u.id}`, { token: u.token, body: edit({ password: 'short' }) }),
      400,
      'validation_failed',
      '비밀번호는 8자 이상이어야 합니다.',
    );
    expectError(
      await t.put(`/api/users/${u.id}`, { token: u.token, body: edit({ email: 'bad' }) }),
      400,
      'validation_failed',
      '올바른 이메일 형식이 아닙니다.',
    );
    expectError(await t.put(`/api/users/${u.id}`, { token: u.token }), 400, 'validation_failed');
    const me = (await t.get('/api/users/me', { token: u.token })).json();
    expect(me.nickname).toBe(u.nickname);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('withdraws: the token stops working and the login id and nickname are free again', async () => {
    const u = await t.registeredUser();
    const res = await t.delete(`/api/users/${u.id}`, { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('회원이 성공적으로 삭제되었습니다.');
    expectError(await t.get('/api/users/me', { token: u.token }), 401, 'login_required');
    const login = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: u.loginId, password: u.password } });
    expectError(login, 401, 'invalid_credentials');
    expect((await t.post('/api/users/check-loginid', { body: { loginId: u.loginId } })).json()).toBe(false);
    expect((await t.post('/api/users/check-nickname', { body: { nickname: u.nickname } })).json()).toBe(false);
    const [row] = await t.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${u.id}`);
    expect(row).toMatchObject({ loginId: null, email: null, phoneNumber: null, nickname: null, passwordHash: null });
    expect(row.withdrawnAt).not.toBeNull();
  });

  it('answers 403 for another id and 401 when anonymous', async () => {
    const a = await t.registeredUser();
    const b = await t.registeredUser();
    expectError(await t.delete(`/api/users/${b.id}`, { token: a.token }), 403, 'forbidden', '정보에 접근할 권한이 없습니다.');
    expectError(await t.delete(`/api/users/${b.id}`), 401, 'login_required');
    expect((await t.get('/api/users/me', { token: b.token })).statusCode).toBe(200);
  });
});

describe('generic rules', () => {
  it('answers unknown API routes with the Korean 404', async () => {
    expectError(await t.get('/api/nothing-here'), 404, 'not_found', '요청한 리소스를 찾을 수 없습니다.');
  });

  it('admits only same-origin and allowed origins for CORS', async () => {
    const res = await t.request('OPTIONS', '/api/users/me', {
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves OpenAPI docs', async () => {
    const res = await t.get('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/users/register']).toBeDefined();
  });
});

describe('GET /api/users/lookup', () => {
  it('names the active user of a nickname (trimmed, any case), for anyone; unknown, withdrawn and [시스템] are 404', async () => {
    const u = await t.user('찾을사람Ab');
    const res = await t.get(`/api/users/lookup?nickname=${encodeURIComponent('  찾을사람aB ')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: u.id, nickname: '찾을사람Ab' });
    for (const name of ['없는사람', '[시스템]', '', '%00']) {
      expectError(
        await t.get(`/api/users/lookup?nickname=${encodeURIComponent(name)}`),
        404,
        'user_not_found',
        '사용자를 찾을 수 없습니다.',
      );
    }
    expect((await t.delete(`/api/users/${u.id}`, { token: u.token })).statusCode).toBe(200);
    expectError(await t.get(`/api/users/lookup?nickname=${encodeURIComponent('찾을사람Ab')}`), 404, 'user_not_found');
  });
});
