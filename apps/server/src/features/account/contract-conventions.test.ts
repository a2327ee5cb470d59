/**
 * QA: docs/api.md §1 (conventions), §3.1 (account) and §8 (security rules) — what the feature tests do not cover.
 * Written from /work/shared/spec/api-contract.md alone.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { expectError, nextIp, useTestApp } from '../../../test/helpers.js';
import { accountRoutes, signUpBody, uniq } from '../../../test/fixtures/account.js';

const t = useTestApp();

const PASSWORD_SHORT = '비밀번호는 8자 이상이어야 합니다.';
const PASSWORD_LONG = '비밀번호는 128자 이하여야 합니다.';
const EMAIL_TEXT = '올바른 이메일 형식이 아닙니다.';
const PHONE_TEXT = '전화번호는 -제외하고 01로 시작하는 10~11자리 숫자로 입력해주세요.';
const NICK_TEXT = '닉네임은 2~20자로 입력해주세요.';
const RESERVED_TEXT = '사용할 수 없는 닉네임입니다.';
const INVALID_CREDENTIALS = '아이디 또는 비밀번호가 일치하지 않습니다.';
const NO_ACCESS = '정보에 접근할 권한이 없습니다.';

const { register, login } = accountRoutes(t);

describe('PUT /api/users/{id} (3.1, 8.5, 8.6, 8.9)', () => {
  const edit = (over: Record<string, unknown> = {}) => ({
    email: 'edit@example.com',
    phoneNumber: '01011112222',
    nickname: `편집${uniq()}`,
    ...over,
  });

  it('stores trimmed values', async () => {
    const u = await t.user();
    const nick = `다듬${uniq()}`;
    const res = await t.put(`/api/users/${u.id}`, {
      token: u.token,
      body: edit({ nickname: `  ${nick} `, email: ' trim@example.com  ', phoneNumber: ' 01033334444 ' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const me = (await t.get('/api/users/me', { token: u.token })).json();
    expect(me).toEqual({
      id: u.id,
      loginId: u.loginId,
      password: null,
      email: 'trim@example.com',
      phoneNumber: '01033334444',
      nickname: nick,
      operator: false,
    });
  });

  it('replaces the password: the old one stops working', async () => {
    const u = await t.user();
    expect((await t.put(`/api/users/${u.id}`, { token: u.token, body: edit({ password: 'brand-new-pass' }) })).statusCode).toBe(
      200,
    );
    expectError(await login(u.loginId, u.password), 401, 'invalid_credentials', INVALID_CREDENTIALS);
    expect((await login(u.loginId, 'brand-new-pass')).statusCode).toBe(200);
    expect((await t.get('/api/users/me', { token: u.token })).statusCode).toBe(200);
  });

  it.each([
    [{ password: '1234567' }, PASSWORD_SHORT],
    [{ password: 'x'.repeat(129) }, PASSWORD_LONG],
    [{ password: 12345678 }, PASSWORD_SHORT],
    [{ email: undefined }, EMAIL_TEXT],
    [{ phoneNumber: '010-1111-2222' }, PHONE_TEXT],
    [{ phoneNumber: undefined }, PHONE_TEXT],
    [{ nickname: undefined }, NICK_TEXT],
    [{ nickname: ' 가 ' }, NICK_TEXT],
    [{ nickname: '가'.repeat(21) }, NICK_TEXT],
    [{ nickname: '[시스템]' }, RESERVED_TEXT],
    [{ nickname: '탈퇴한 사용자' }, RESERVED_TEXT],
    [{ nickname: 'Admin' }, RESERVED_TEXT],
  ])('refuses %j with its text and changes nothing', async (over, text) => {
    const u = await t.user();
    expectError(await t.put(`/api/users/${u.id}`, { token: u.token, body: edit(over) }), 400, 'validation_failed', text);
    const me = (await t.get('/api/users/me', { token: u.token })).json();
    expect(me.nickname).toBe(u.nickname);
    expect(me.email).toBe(`${u.loginId}@example.com`);
    expect((await login(u.loginId, u.password)).statusCode).toBe(200);
  });

  it('validates in field order: password, email, phoneNumber, nickname', async () => {
    const u = await t.user();
    const bad = { password: 'short', email: 'bad', phoneNumber: '1', nickname: 'x' };
    expectError(await t.put(`/api/users/${u.id}`, { token: u.token, body: bad }), 400, 'validation_failed', PASSWORD_SHORT);
    expectError(
      await t.put(`/api/users/${u.id}`, { token: u.token, body: { ...bad, password: '' } }),
      400,
      'validation_failed',
      EMAIL_TEXT,
    );
    expectError(
      await t.put(`/api/users/${u.id}`, { token: u.token, body: { ...bad, password: null, email: 'ok@example.com' } }),
      400,
      'validation_failed',
      PHONE_TEXT,
    );
  });

  it('checks validation before the nickname conflict', async () => {
    const a = await t.user();
    const b = await t.user();
    expectError(
      await t.put(`/api/users/${a.id}`, { token: a.token, body: edit({ nickname: b.nickname, email: 'bad' }) }),
      400,
      'validation_failed',
      EMAIL_TEXT,
    );
  });

  it('lets a user change only the case of their own nickname, or take a withdrawn user’s nickname', async () => {
    const u = await t.user(`CaseMe${uniq()}`);
    expect(
      (await t.put(`/api/users/${u.id}`, { token: u.token, body: edit({ nickname: u.nickname.toUpperCase() }) })).statusCode,
    ).toBe(200);
    expect((await t.get('/api/users/me', { token: u.token })).json().nickname).toBe(u.nickname.toUpperCase());
    const gone = await t.user(`떠남${uniq()}`);
    await t.delete(`/api/users/${gone.id}`, { token: gone.token });
    expect((await t.put(`/api/users/${u.id}`, { token: u.token, body: edit({ nickname: gone.nickname }) })).statusCode).toBe(200);
  });

  it('answers 401 before 403 for an anonymous edit of another id, and 403 for a withdrawn user’s id', async () => {
    const a = await t.user();
    const b = await t.user();
    expectError(await t.put(`/api/users/${b.id}`, { body: edit() }), 401, 'login_required', '로그인이 필요합니다.');
    await t.delete(`/api/users/${b.id}`, { token: b.token });
    expectError(await t.put(`/api/users/${b.id}`, { token: a.token, body: edit() }), 403, 'forbidden', NO_ACCESS);
    expectError(await t.delete(`/api/users/${b.id}`, { token: a.token }), 403, 'forbidden', NO_ACCESS);
    expectError(await t.delete('/api/users/999999', { token: a.token }), 403, 'forbidden', NO_ACCESS);
  });

  it('refuses a body over 1 MiB with 413 for the owner', async () => {
    const u = await t.user();
    const res = await t.put(`/api/users/${u.id}`, { token: u.token, body: edit({ nickname: 'x'.repeat(1_100_000) }) });
    expectError(res, 413, 'payload_too_large', '요청 본문이 너무 큽니다.');
  });

  it('runs the generic checks (body size, JSON syntax) before the 403 for another id', async () => {
    const a = await t.user();
    const b = await t.user();
    const big = await t.put(`/api/users/${b.id}`, { token: a.token, body: edit({ nickname: 'x'.repeat(1_100_000) }) });
    expectError(big, 413, 'payload_too_large', '요청 본문이 너무 큽니다.');
    const bad = await t.request('PUT', `/api/users/${b.id}`, {
      token: a.token,
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(bad, 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const u = await t.user();
    const res = await t.request('PUT', `/api/users/${u.id}`, {
      token: u.token,
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });
});

describe('DELETE /api/users/{id} (3.1, 7, 8.28)', () => {
  it('answers the plain-text sentence and frees the user from every login route', async () => {
    const u = await t.user();
    const res = await t.delete(`/api/users/${u.id}`, { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('회원이 성공적으로 삭제되었습니다.');
  });

  it('answers 400 bad_request for a malformed id', async () => {
    const u = await t.user();
    for (const id of ['abc', '0', '-3', '1.5']) {
      expectError(await t.delete(`/api/users/${id}`, { token: u.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
      expectError(
        await t.put(`/api/users/${id}`, { token: u.token, body: {} }),
        400,
        'bad_request',
        '요청 형식이 올바르지 않습니다.',
      );
    }
    expect((await t.get('/api/users/me', { token: u.token })).statusCode).toBe(200);
  });

  it('clears the login-failure state of the withdrawn id', async () => {
    const u = await t.user();
    for (let i = 0; i < 9; i++) await login(u.loginId, 'wrong-pass');
    expect((await t.delete(`/api/users/${u.id}`, { token: u.token })).statusCode).toBe(200);
    // the freed id is taken by someone new, who is not one failure away from a lock
    expect((await register(signUpBody({ loginId: u.loginId }))).statusCode).toBe(201);
    expectError(await login(u.loginId, 'wrong-pass'), 401, 'invalid_credentials');
    expect((await login(u.loginId, 'secret-pass1')).statusCode).toBe(200);
  });
});

describe('conventions (1.1, 1.3, 1.7, 1.8, 8.25, 8.26)', () => {
  it('answers an unknown method on a known path and unknown /api paths with the Korean 404', async () => {
    const u = await t.user();
    expectError(
      await t.request('PATCH', '/api/users/me', { token: u.token }),
      404,
      'not_found',
      '요청한 리소스를 찾을 수 없습니다.',
    );
    expectError(await t.get('/api/users', { token: u.token }), 404, 'not_found', '요청한 리소스를 찾을 수 없습니다.');
  });

  it('limits every other route to 600 per minute per user, across addresses', async () => {
    const u = await t.user();
    for (let i = 0; i < 600; i++) {
      const r = await t.get('/api/users/me', { token: u.token, ip: nextIp() });
      if (r.statusCode !== 200) throw new Error(`request ${i + 1} answered ${r.statusCode}`);
    }
    const res = await t.get('/api/users/me', { token: u.token, ip: nextIp() });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // another user is not affected
    const other = await t.user();
    expect((await t.get('/api/users/me', { token: other.token })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await t.get('/api/users/me', { token: u.token })).statusCode).toBe(200);
  });

  it('answers a same-origin preflight with the contract methods, headers and credentials', async () => {
    const res = await t.request('OPTIONS', '/api/users/me', {
      headers: {
        host: 'app.example:8080',
        origin: 'http://app.example:8080',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('http://app.example:8080');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/).sort();
    expect(methods).toEqual(['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/).sort();
    expect(headers).toEqual(['authorization', 'cache-control', 'content-type']);
  });

  it('exposes X-Error-Code, Retry-After and Location on same-origin error answers', async () => {
    const res = await t.get('/api/users/me', { headers: { host: 'app.example:8080', origin: 'http://app.example:8080' } });
    expectError(res, 401, 'login_required');
    expect(res.headers['access-control-allow-origin']).toBe('http://app.example:8080');
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/).sort();
    expect(exposed).toEqual(['location', 'retry-after', 'x-error-code']);
  });

  it('gives no CORS grant to a foreign origin, even on a successful request', async () => {
    const u = await t.user();
    const res = await t.get('/api/users/me', {
      token: u.token,
      headers: { host: 'app.example:8080', origin: 'http://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const pre = await t.request('OPTIONS', '/api/messages', {
      headers: {
        host: 'app.example:8080',
        origin: 'http://app.example.evil.example:8080',
        'access-control-request-method': 'POST',
      },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a malformed URL encoding with the plain-text 400 bad_request', async () => {
    const u = await t.user();
    expectError(await t.get('/api/users/%E0%A4%A', { token: u.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: the login limit stays on the socket address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      await t.post('/api/auth/login', {
        ip,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: { loginId: 'nobody_xff', password: 'password1' },
      });
    }
    const res = await t.post('/api/auth/login', {
      ip,
      headers: { 'x-forwarded-for': '203.0.113.99' },
      body: { loginId: 'nobody_xff', password: 'password1' },
    });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
  });

  it('checks the rate limit before authentication: anonymous calls other than GET count per IP (300 per minute)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 300; i++) {
      const r = await t.post('/api/groups', { ip, body: {} });
      if (r.statusCode !== 401) throw new Error(`request ${i + 1} answered ${r.statusCode}`);
    }
    const res = await t.post('/api/groups', { ip, body: {} });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('never answers with an empty or JSON error body', async () => {
    const u = await t.user();
    const cases = [
      await t.get('/api/users/me'),
      await t.put(`/api/users/${u.id + 1000}`, { token: u.token, body: {} }),
      await t.post('/api/users/register', { ip: nextIp(), body: { loginId: 1 } }),
      await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: 'no_such_user', password: 'whatever1' } }),
      await t.get('/api/nope'),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
      expect(res.headers['x-error-code']).toBeTruthy();
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body).toMatch(/[가-힣]/);
      expect(() => JSON.parse(res.body)).toThrow();
    }
  });
});

describe('configured ALLOWED_ORIGINS and TRUST_PROXY (1.7, 1.8)', () => {
  let built: BuiltApp;
  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'qa-cors-')),
      JWT_SECRET: 'qa-secret-'.padEnd(64, 'q'),
      RUN_JOBS: 'false',
      WEB_DIST: '/nonexistent',
      ALLOWED_ORIGINS: 'http://web.example:5173, https://front.example',
      TRUST_PROXY: 'true',
    });
    built = await buildApp({ config, logger: false });
    await built.app.ready();
  }, 120_000);
  afterAll(() => built?.app.close());

  const preflight = (origin: string) =>
    built.app.inject({
      method: 'OPTIONS',
      url: '/api/messages',
      headers: {
        host: 'api.example',
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it.each(['http://web.example:5173', 'https://front.example'])(
    'admits the listed origin %s with credentials',
    async (origin) => {
      const res = await preflight(origin);
      expect(res.statusCode).toBeLessThan(300);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    },
  );

  it.each(['http://web.example:5174', 'http://front.example', 'https://front.example.evil.example', 'null'])(
    'admits no other origin: %s',
    async (origin) => {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('exposes X-Error-Code to a listed origin on an error answer', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/messages', headers: { origin: 'https://front.example' } });
    expectError(res, 401, 'login_required', '로그인이 필요합니다.');
    expect(res.headers['access-control-allow-origin']).toBe('https://front.example');
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('x-error-code');
  });

  it('with TRUST_PROXY, keys the login limit by X-Forwarded-For', async () => {
    let attempt = 0; // a new id each time, so the per-id lock never bites
    const login = (xff: string) =>
      built.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.99.0.1',
        headers: { 'x-forwarded-for': xff },
        payload: { loginId: `nobody_proxy${++attempt}`, password: 'password1' },
      });
    for (let i = 0; i < 10; i++) expect((await login('198.51.100.7')).statusCode).toBe(401);
    expectError(await login('198.51.100.7'), 429, 'rate_limited');
    // another client behind the same proxy is not limited
    expect((await login('198.51.100.8')).statusCode).toBe(401);
  });
});
