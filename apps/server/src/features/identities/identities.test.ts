import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEXT, NICKNAME_TEXT, PHONE_TEXT, LOGIN_ID_TEXT } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { Writable } from 'node:stream';
import { createTestApp, nextIp, useTestApp, type TestApp } from '../../../test/helpers.js';
import { LocalProvider, type ProviderAccount, type ProviderKind } from '../../../test/oauth-provider.js';
import { safeFrom } from './from-path.js';

const KINDS: ProviderKind[] = ['kakao', 'naver', 'github', 'google'];
const providers = {} as Record<ProviderKind, LocalProvider>;
const env: Record<string, string> = {};

beforeAll(async () => {
  for (const kind of KINDS) {
    providers[kind] = await LocalProvider.start(kind);
    Object.assign(env, providers[kind].env());
  }
});
afterAll(async () => {
  await Promise.all(KINDS.map((k) => providers[k]?.stop()));
});

const t = useTestApp({ env, freshLimits: true });

let accountSeq = 1000;
const newAccount = (over: Partial<ProviderAccount> = {}): ProviderAccount => {
  const id = String(++accountSeq);
  return { id, email: `p${id}@example.com`, emailVerified: true, nickname: `닉${id}`, ...over };
};
let nickSeq = 0;
const freshNick = () => `소셜${++nickSeq}_${Math.random().toString(36).slice(2, 6)}`;

const cookieOf = (setCookie: string | string[] | undefined) => {
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return line ? line.split(';')[0] : undefined;
};
const pathOf = (location: string) => {
  const u = new URL(location, 'http://x');
  return u.pathname + u.search + u.hash;
};

/** GET start: the provider's URL and the browser's cookie. */
async function start(kind: ProviderKind, query = '', cookie?: string, app: TestApp = t) {
  const res = await app.get(`/api/auth/oauth/${kind}/start${query}`, { headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  return { location: String(res.headers.location), cookie: cookieOf(res.headers['set-cookie']) ?? cookie, res };
}

/** The browser at the provider: signs in as `account` and comes back with the callback's path and query. */
async function authorize(kind: ProviderKind, location: string, account: ProviderAccount, provider = providers[kind]) {
  provider.nextAccount = account;
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe(`/api/auth/oauth/${kind}/callback`);
  return back.pathname + back.search;
}

async function callback(path: string, cookie?: string, app: TestApp = t) {
  const res = await app.get(path, { headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

/** A whole sign-in flow up to /oauth/done (or the failure redirect). */
async function signInFlow(kind: ProviderKind, account: ProviderAccount, from = '/', app: TestApp = t) {
  const s = await start(kind, `?from=${encodeURIComponent(from)}`, undefined, app);
  const cb = await authorize(kind, s.location, account);
  return callback(cb, s.cookie, app);
}

const doneCode = (location: string) => {
  expect(location.startsWith('/oauth/done#')).toBe(true);
  const params = new URLSearchParams(location.split('#')[1]);
  return { code: params.get('code')!, from: params.get('from')! };
};

const exchange = (code: unknown) => t.post('/api/auth/oauth/exchange', { body: { code } });

/** A new account made through the whole flow and the social sign-up. */
async function socialUser(kind: ProviderKind, account = newAccount()) {
  const { code } = doneCode(await signInFlow(kind, account));
  const { signupToken } = (await exchange(code)).json();
  const nickname = freshNick();
  const res = await t.post('/api/users/register-social', {
    ip: nextIp(),
    body: { signupToken, nickname, phoneNumber: '01012345678', email: `s${account.id}@example.com` },
  });
  expect(res.statusCode).toBe(201);
  const { token } = res.json() as { token: string };
  const me = (await t.get('/api/users/me', { token })).json() as { id: number };
  return { id: me.id, token, nickname, account };
}

const identityRows = (userId: number) =>
  queryRows<{ provider: string; provider_user_id: string }>(
    t.db,
    sql`SELECT provider, provider_user_id FROM user_identities WHERE user_id = ${userId} ORDER BY provider`,
  );

describe('providers and start', () => {
  it('lists the configured providers in order; a provider without a client id is not offered (404)', async () => {
    expect((await t.get('/api/auth/providers')).json()).toEqual(KINDS);
    const only = await createTestApp({ env: providers.github.env() });
    try {
      expect((await only.get('/api/auth/providers')).json()).toEqual(['github']);
      for (const path of [
        '/api/auth/oauth/kakao/start',
        '/api/auth/oauth/kakao/callback?state=x',
        '/api/auth/oauth/nope/start',
      ]) {
        const res = await only.get(path);
        expect(res.statusCode).toBe(404);
        expect(res.headers['x-error-code']).toBe('not_found');
      }
      const user = await only.user();
      expect((await only.post('/api/auth/oauth/kakao/link', { token: user.token })).statusCode).toBe(404);
    } finally {
      await only.close();
    }
  });

  it('a client id without a secret: Kakao signs in without client authentication; the others are off, with a warning', async () => {
    const kakao = await LocalProvider.start('kakao', { secret: false });
    const withoutSecret = (kind: ProviderKind) =>
      Object.fromEntries(Object.entries(providers[kind].env()).filter(([k]) => !k.endsWith('_CLIENT_SECRET')));
    const logs: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    const app = await createTestApp({
      env: { ...kakao.env(), ...withoutSecret('naver'), ...withoutSecret('github'), ...withoutSecret('google') },
      logStream,
    });
    try {
      expect(kakao.env()).not.toHaveProperty('OAUTH_KAKAO_CLIENT_SECRET');
      expect((await app.get('/api/auth/providers')).json()).toEqual(['kakao']);
      for (const kind of ['naver', 'github', 'google'] as const) {
        expect(logs.join('')).toMatch(new RegExp(`"level":40.*OAUTH_${kind.toUpperCase()}_CLIENT_SECRET is not set`));
        expect((await app.get(`/api/auth/oauth/${kind}/start`)).statusCode).toBe(404);
      }
      const s = await start('kakao', '', undefined, app);
      const cb = await authorize('kakao', s.location, newAccount(), kakao);
      const res = await app.post('/api/auth/oauth/exchange', {
        body: { code: doneCode(await callback(cb, s.cookie, app)).code },
      });
      expect(res.json()).toEqual({ signupToken: expect.any(String), suggested: expect.any(Object) });
      expect(kakao.refusals).toEqual([]);
    } finally {
      await app.close();
      await kakao.stop();
    }
  });

  it('redirects with state, PKCE S256 and (Google) a nonce, bound by an HttpOnly SameSite=Lax 10-minute cookie', async () => {
    for (const kind of KINDS) {
      const { location, res } = await start(kind, '?from=/boards');
      const url = new URL(location);
      expect(url.origin + url.pathname).toBe(`${providers[kind].url}/authorize`);
      expect(url.searchParams.get('client_id')).toBe(providers[kind].clientId);
      expect(url.searchParams.get('redirect_uri')).toBe(`http://localhost:8080/api/auth/oauth/${kind}/callback`);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.has('nonce')).toBe(kind === 'google');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^oauth_browser=[\w-]{43}; HttpOnly; SameSite=Lax; Path=\/api\/auth\/oauth; Max-Age=600$/);
    }
  });

  it('`from`: a same-site path as typed and after percent-decoding, else /', () => {
    expect(safeFrom('/boards?page=2')).toBe('/boards?page=2');
    expect(safeFrom('/recruitment/3#top')).toBe('/recruitment/3#top');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/%2F%2Fevil.example',
      '/%5Cevil',
      '%2F%2Fevil.example',
      '/%2f/evil.example',
      'evil',
      '/a b',
      '/a\tb',
      '/a\u0000b',
      '/%0d%0aSet-Cookie:x',
      '/%E0%A4%A',
      '',
      undefined,
      ['/a', '/b'],
    ]) {
      expect(safeFrom(bad), String(bad)).toBe('/');
    }
  });

  it('a `from` pointing elsewhere ends at / after a whole sign-in', async () => {
    const account = newAccount();
    for (const from of ['//evil.example', 'https://evil.example/x', '/\\evil', '/%2F%2Fevil.example', '/%5Cevil']) {
      expect(doneCode(await signInFlow('kakao', account, from)).from).toBe('/');
    }
    // typed into the address bar undecoded: the query's own decoding gives ///evil.example
    const s = await start('kakao', '?from=/%2F%2Fevil.example');
    expect(doneCode(await callback(await authorize('kakao', s.location, account), s.cookie)).from).toBe('/');
    expect(doneCode(await signInFlow('kakao', account, '/boards?page=2')).from).toBe('/boards?page=2');
  });
});

describe('sign-in and social sign-up, each provider', () => {
  it.each(KINDS)('%s: a new identity signs up, then signs in', async (kind) => {
    const account = newAccount({ nickname: `${kind}닉` });
    const done = doneCode(await signInFlow(kind, account, '/study-groups'));
    expect(done.from).toBe('/study-groups');
    const first = await exchange(done.code);
    expect(first.statusCode).toBe(200);
    const { signupToken, suggested } = first.json();
    expect(signupToken).toMatch(/^[\w-]{43}$/);
    expect(suggested).toEqual({ nickname: account.nickname, email: account.email });

    const nickname = freshNick();
    const reg = await t.post('/api/users/register-social', {
      ip: nextIp(),
      body: { signupToken, nickname: `  ${nickname} `, phoneNumber: '01099998888', email: 'Me@Example.com' },
    });
    expect(reg.statusCode).toBe(201);
    const { token } = reg.json();
    expect(reg.json()).toEqual({ token, nickname });
    const me = (await t.get('/api/users/me', { token })).json();
    expect(me).toEqual({
      id: me.id,
      loginId: null,
      password: null,
      email: 'Me@Example.com',
      phoneNumber: '01099998888',
      nickname,
      operator: false,
    });
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub).toBe(`u${me.id}`);
    expect(await identityRows(me.id)).toEqual([{ provider: kind, provider_user_id: account.id }]);

    const again = doneCode(await signInFlow(kind, account, '/boards'));
    const second = await exchange(again.code);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ token: second.json().token, nickname, from: '/boards' });
    expect((await t.get('/api/users/me', { token: second.json().token })).json().id).toBe(me.id);
    expect((await t.get('/api/users/me/identities', { token })).json()).toEqual({
      hasPassword: false,
      identities: [{ provider: kind, linkedDateTime: expect.stringMatching(/\+09:00$/) }],
    });
  });

  it('the provider calls carry the client secret and the PKCE verifier, checked by the provider', async () => {
    for (const kind of KINDS) providers[kind].refusals.length = 0;
    for (const kind of KINDS) await signInFlow(kind, newAccount());
    for (const kind of KINDS) expect(providers[kind].refusals).toEqual([]);
  });

  it('register-social: the sign-up errors in order; an expired or used signup token is 400', async () => {
    const { code } = doneCode(await signInFlow('naver', newAccount()));
    const { signupToken } = (await exchange(code)).json();
    const body = { signupToken, nickname: freshNick(), phoneNumber: '01012345678', email: 'a@example.com' };
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ ...body, email: 'nope', phoneNumber: '1' }, 400, 'validation_failed', EMAIL_TEXT],
      [{ ...body, phoneNumber: '0101234' }, 400, 'validation_failed', PHONE_TEXT],
      [{ ...body, nickname: 'a' }, 400, 'validation_failed', NICKNAME_TEXT],
      [{ ...body, nickname: '탈퇴한 사용자' }, 400, 'validation_failed', '사용할 수 없는 닉네임입니다.'],
      [
        { ...body, signupToken: 'forged' },
        400,
        'signup_expired',
        '회원가입 시간이 만료되었습니다. 소셜 로그인을 다시 시도해주세요.',
      ],
    ];
    const taken = await t.user();
    cases.push([{ ...body, nickname: taken.nickname.toUpperCase() }, 409, 'duplicate_nickname', '이미 사용 중인 닉네임입니다.']);
    for (const [b, status, code, text] of cases) {
      const res = await t.post('/api/users/register-social', { ip: nextIp(), body: b });
      expect([res.statusCode, res.headers['x-error-code'], res.body], JSON.stringify(b)).toEqual([status, code, text]);
    }
    expect((await t.post('/api/users/register-social', { ip: nextIp(), body })).statusCode).toBe(201);
    const used = await t.post('/api/users/register-social', { ip: nextIp(), body: { ...body, nickname: freshNick() } });
    expect([used.statusCode, used.headers['x-error-code']]).toEqual([400, 'signup_expired']);

    const late = (await exchange(doneCode(await signInFlow('naver', newAccount())).code)).json();
    t.clock.advance(31 * 60_000);
    const expired = await t.post('/api/users/register-social', {
      ip: nextIp(),
      body: { ...body, signupToken: late.signupToken, nickname: freshNick() },
    });
    expect([expired.statusCode, expired.headers['x-error-code']]).toEqual([400, 'signup_expired']);
  });
  it('register-social: 409 identity_in_use when the identity was linked meanwhile; no account is made', async () => {
    const account = newAccount();
    const { signupToken } = (await exchange(doneCode(await signInFlow('google', account)).code)).json();
    const other = await t.user();
    const link = await t.post('/api/auth/oauth/google/link', { token: other.token });
    const s = await start('google', link.json().url.slice(link.json().url.indexOf('?')), cookieOf(link.headers['set-cookie']));
    expect(await callback(await authorize('google', s.location, account), s.cookie)).toBe('/myinfo?linked=google');

    const users = () => queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM users`);
    const before = await users();
    const nickname = freshNick();
    const res = await t.post('/api/users/register-social', {
      ip: nextIp(),
      body: { signupToken, nickname, phoneNumber: '01012345678', email: 'race@example.com' },
    });
    expect([res.statusCode, res.headers['x-error-code'], res.body]).toEqual([
      409,
      'identity_in_use',
      '이미 다른 계정에 연결된 소셜 계정입니다.',
    ]);
    expect(await users()).toEqual(before);
    expect(await identityRows(other.id)).toEqual([{ provider: 'google', provider_user_id: account.id }]);
    // the nickname was not taken by a half-made account
    expect((await t.post('/api/users/check-nickname', { ip: nextIp(), body: { nickname } })).json()).toBe(false);
  });
});

describe('security', () => {
  it('a reused, forged or missing state ends at /login with a reason; nothing is created', async () => {
    const account = newAccount();
    const s = await start('kakao');
    const cb = await authorize('kakao', s.location, account);
    expect(doneCode(await callback(cb, s.cookie)).code).toBeTruthy();
    expect(await callback(cb, s.cookie)).toBe('/login?oauthError=state_invalid&provider=kakao');

    const s2 = await start('kakao');
    const cb2 = await authorize('kakao', s2.location, account);
    const forged = cb2.replace(/state=[^&]+/, `state=${'A'.repeat(43)}`);
    expect(await callback(forged, s2.cookie)).toBe('/login?oauthError=state_invalid&provider=kakao');
    expect(await callback(cb2.replace(/&?state=[^&]+/, ''), s2.cookie)).toBe('/login?oauthError=state_invalid&provider=kakao');
  });

  it('a callback without the browser cookie, or with another browser’s, is refused (login CSRF)', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM users`);
    const attacker = await start('github');
    const cb = await authorize('github', attacker.location, newAccount());
    const victim = await start('github');
    expect(await callback(cb)).toBe('/login?oauthError=state_invalid&provider=github');
    expect(await callback(cb, victim.cookie)).toBe('/login?oauthError=state_invalid&provider=github');
    expect(await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM users`)).toEqual(before);
  });

  it('a flow left for over 10 minutes is dead', async () => {
    const s = await start('kakao');
    const cb = await authorize('kakao', s.location, newAccount());
    t.clock.advance(10 * 60_000 + 1000);
    expect(await callback(cb, s.cookie)).toBe('/login?oauthError=state_invalid&provider=kakao');
  });

  it('the one-time code works once, and not after 60 s', async () => {
    const user = await socialUser('google');
    const { code } = doneCode(await signInFlow('google', user.account));
    expect((await exchange(code)).statusCode).toBe(200);
    const twice = await exchange(code);
    expect([twice.statusCode, twice.headers['x-error-code'], twice.body]).toEqual([
      400,
      'code_invalid',
      '로그인 코드가 올바르지 않거나 만료되었습니다. 다시 로그인해주세요.',
    ]);
    const late = doneCode(await signInFlow('google', user.account)).code;
    t.clock.advance(61_000);
    expect((await exchange(late)).statusCode).toBe(400);
    for (const bad of ['x', 42, null, 'A'.repeat(43)]) expect((await exchange(bad)).statusCode).toBe(400);
    expect((await t.post('/api/auth/oauth/exchange', { body: {} })).statusCode).toBe(400);
  });

  it('a provider that answers an error, hangs, or is cancelled: a Korean reason on /login within 10 s', async () => {
    const p = providers.github;
    p.deny = true;
    expect(await signInFlow('github', newAccount())).toBe('/login?oauthError=cancelled&provider=github');
    p.deny = false;
    for (const failure of ['error', 'hang'] as const) {
      for (const where of ['tokenFailure', 'userinfoFailure'] as const) {
        p[where] = failure;
        const startedAt = Date.now();
        expect(await signInFlow('github', newAccount())).toBe('/login?oauthError=provider_failed&provider=github');
        expect(Date.now() - startedAt).toBeLessThan(10_000);
        p[where] = null;
      }
    }
  }, 30_000);

  it('Google: an ID token for another audience, issuer or nonce is refused', async () => {
    for (const override of [{ aud: 'someone-else' }, { iss: 'https://evil.example' }, { nonce: 'A'.repeat(43) }]) {
      providers.google.idTokenOverride = override;
      expect(await signInFlow('google', newAccount())).toBe('/login?oauthError=provider_failed&provider=google');
    }
    providers.google.idTokenOverride = {};
  });

  it('an unverified provider e-mail is never treated as verified, and never finds an account', async () => {
    const owner = await t.user();
    const email = `${owner.loginId}@example.com`;
    for (const kind of ['kakao', 'google'] as const) {
      const before = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM oauth_tickets WHERE kind = 'SIGN_IN'`,
      );
      expect(await signInFlow(kind, newAccount({ email, emailVerified: false }))).toBe(
        `/login?oauthError=email_unverified&provider=${kind}`,
      );
      const after = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM oauth_tickets WHERE kind = 'SIGN_IN'`,
      );
      expect(after).toEqual(before);
    }
    // Kakao: an address Kakao marks invalid (no longer the account's) is not verified, whatever is_email_verified says
    expect(await signInFlow('kakao', newAccount({ email, emailVerified: true, emailValid: false }))).toBe(
      '/login?oauthError=email_unverified&provider=kakao',
    );
    // GitHub: an unverified primary address is not suggested
    const gh = (await exchange(doneCode(await signInFlow('github', newAccount({ email, emailVerified: false }))).code)).json();
    expect(gh.suggested.email).toBeNull();
    // a verified address that is someone's e-mail still starts a sign-up: e-mail never merges accounts
    const verified = (await exchange(doneCode(await signInFlow('kakao', newAccount({ email }))).code)).json();
    expect(verified).toEqual({ signupToken: expect.any(String), suggested: { nickname: expect.any(String), email } });
    expect(await identityRows(owner.id)).toEqual([]);
  });
});

describe('linking', () => {
  /** POST link, then the start URL opened in the same browser: the URL and the browser's cookie. */
  async function linkStart(user: { token: string }, kind: ProviderKind, cookie?: string) {
    const link = await t.post(`/api/auth/oauth/${kind}/link`, { token: user.token, headers: cookie ? { cookie } : {} });
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(new RegExp(`^http://localhost:8080/api/auth/oauth/${kind}/start\\?link=[\\w-]{43}$`));
    return { url, cookie: cookieOf(link.headers['set-cookie']), setCookie: String(link.headers['set-cookie']) };
  }

  async function linkFlow(user: { token: string }, kind: ProviderKind, account: ProviderAccount) {
    const link = await linkStart(user, kind);
    const s = await start(kind, link.url.slice(link.url.indexOf('?')), link.cookie);
    return { url: link.url, location: await callback(await authorize(kind, s.location, account), s.cookie) };
  }

  it('links only through the link route while logged in; the start URL works once within 10 minutes', async () => {
    expect((await t.post('/api/auth/oauth/github/link')).statusCode).toBe(401);
    expect((await t.get(`/api/auth/oauth/github/start?link=${'A'.repeat(43)}`)).headers.location).toBe(
      '/myinfo?linkError=link_expired&provider=github',
    );

    const user = await t.user();
    const account = newAccount();
    const { url, location } = await linkFlow(user, 'github', account);
    expect(location).toBe('/myinfo?linked=github');
    expect(await identityRows(user.id)).toEqual([{ provider: 'github', provider_user_id: account.id }]);
    expect((await t.get(pathOf(url))).headers.location).toBe('/myinfo?linkError=link_expired&provider=github');

    const late = (await t.post('/api/auth/oauth/kakao/link', { token: user.token })).json().url as string;
    t.clock.advance(10 * 60_000 + 1000);
    expect((await t.get(pathOf(late))).headers.location).toBe('/myinfo?linkError=link_expired&provider=kakao');
    await t.relogin(user);

    // the linked identity now signs in to this account
    const signedIn = (await exchange(doneCode(await signInFlow('github', account)).code)).json();
    expect((await t.get('/api/users/me', { token: signedIn.token })).json().id).toBe(user.id);
    const claims = JSON.parse(Buffer.from(signedIn.token.split('.')[1], 'base64url').toString());
    expect(claims.sub).toBe(user.loginId);
  });

  it('the start URL works only in the browser that asked for it: opened elsewhere it links nothing', async () => {
    const user = await t.user();
    const asked = await linkStart(user, 'github');
    expect(asked.setCookie).toMatch(/^oauth_browser=[\w-]{43}; HttpOnly; SameSite=Lax; Path=\/api\/auth\/oauth; Max-Age=600$/);
    const flowsOf = () =>
      queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM oauth_tickets WHERE kind = 'FLOW' AND user_id = ${user.id}`,
      );

    // forwarded to someone else: a browser without a cookie, or with its own
    const elsewhere = (await start('kakao')).cookie!;
    for (const cookie of [undefined, elsewhere]) {
      const res = await t.get(pathOf(asked.url), { headers: cookie ? { cookie } : {} });
      expect([res.statusCode, res.headers.location]).toEqual([302, '/myinfo?linkError=wrong_browser&provider=github']);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await flowsOf()).toEqual([{ n: 0 }]);
    expect(await identityRows(user.id)).toEqual([]);

    // the asking browser still can, once
    const account = newAccount();
    const s = await start('github', asked.url.slice(asked.url.indexOf('?')), asked.cookie);
    expect(s.cookie).toBe(asked.cookie);
    expect(await callback(await authorize('github', s.location, account), s.cookie)).toBe('/myinfo?linked=github');
    expect(await identityRows(user.id)).toEqual([{ provider: 'github', provider_user_id: account.id }]);
    expect((await t.get(pathOf(asked.url), { headers: { cookie: asked.cookie! } })).headers.location).toBe(
      '/myinfo?linkError=link_expired&provider=github',
    );
    // a browser that has the cookie keeps its value (a sign-in in another tab goes on)
    expect((await linkStart(user, 'kakao', asked.cookie)).cookie).toBe(asked.cookie);
  });

  it('a provider that fails or is cancelled during a link flow ends on /myinfo with linkError', async () => {
    const user = await t.user();
    const p = providers.github;
    p.deny = true;
    expect((await linkFlow(user, 'github', newAccount())).location).toBe('/myinfo?linkError=cancelled&provider=github');
    p.deny = false;
    for (const where of ['tokenFailure', 'userinfoFailure'] as const) {
      p[where] = 'error';
      try {
        expect((await linkFlow(user, 'github', newAccount())).location).toBe('/myinfo?linkError=provider_failed&provider=github');
      } finally {
        p[where] = null;
      }
    }
    expect(await identityRows(user.id)).toEqual([]);
  });

  it('an identity linked to another account: 409 identity_in_use, nothing changes', async () => {
    const owner = await socialUser('naver');
    const other = await t.user();
    expect((await linkFlow(other, 'naver', owner.account)).location).toBe('/myinfo?linkError=identity_in_use&provider=naver');
    expect(await identityRows(other.id)).toEqual([]);
    expect(await identityRows(owner.id)).toEqual([{ provider: 'naver', provider_user_id: owner.account.id }]);
    // a second identity of the same provider is refused too
    expect((await linkFlow(owner, 'naver', newAccount())).location).toBe('/myinfo?linkError=already_linked&provider=naver');
  });

  it('unlink: 409 for the last way to sign in; after a password is set it goes', async () => {
    const user = await socialUser('kakao');
    const last = await t.delete('/api/users/me/identities/kakao', { token: user.token });
    expect([last.statusCode, last.headers['x-error-code'], last.body]).toEqual([
      409,
      'last_login_method',
      '마지막 로그인 수단은 해제할 수 없습니다. 비밀번호를 설정하거나 다른 계정을 먼저 연결해주세요.',
    ]);
    expect((await t.delete('/api/users/me/identities/github', { token: user.token })).statusCode).toBe(404);
    expect((await t.delete('/api/users/me/identities/nope', { token: user.token })).statusCode).toBe(404);

    // a second identity makes the first removable
    expect((await linkFlow(user, 'google', newAccount())).location).toBe('/myinfo?linked=google');
    const ok = await t.delete('/api/users/me/identities/kakao', { token: user.token });
    expect([ok.statusCode, ok.body]).toEqual([200, '계정 연결이 해제되었습니다.']);
    expect((await t.delete('/api/users/me/identities/google', { token: user.token })).statusCode).toBe(409);

    const loginId = `set_${user.id}`;
    expect(
      (await t.post('/api/users/me/password', { token: user.token, body: { loginId, password: 'new-pass-123' } })).statusCode,
    ).toBe(200);
    expect((await t.delete('/api/users/me/identities/google', { token: user.token })).statusCode).toBe(200);
    expect((await t.get('/api/users/me/identities', { token: user.token })).json()).toEqual({
      hasPassword: true,
      identities: [],
    });
    expect((await t.get('/api/users/me/identities')).statusCode).toBe(401);
  });

  it('without a token: 401 on setting a password and on unlinking, before anything else', async () => {
    for (const res of [
      await t.post('/api/users/me/password', { body: { loginId: 'no_token_1', password: 'long-enough-1' } }),
      await t.post('/api/users/me/password', { body: { loginId: 'a!', password: 'x' } }),
      await t.delete('/api/users/me/identities/kakao'),
      await t.delete('/api/users/me/identities/nope'),
    ]) {
      expect([res.statusCode, res.headers['x-error-code']]).toEqual([401, 'login_required']);
    }
    expect(await queryRows(t.db, sql`SELECT 1 FROM users WHERE login_id = 'no_token_1'`)).toEqual([]);
  });
});

describe('password for a social account', () => {
  it('sets a login id and password once; then both ways sign in; older tokens stay valid', async () => {
    const user = await socialUser('naver');
    const taken = await t.user();
    const set = (body: unknown, token = user.token) => t.post('/api/users/me/password', { token, body });
    const bad = await set({ loginId: 'a!', password: 'long-enough-1' });
    expect([bad.statusCode, bad.body]).toEqual([400, LOGIN_ID_TEXT]);
    expect((await set({ loginId: 'okid_1', password: 'short' })).body).toBe('비밀번호는 8자 이상이어야 합니다.');
    const dup = await set({ loginId: taken.loginId.toUpperCase(), password: 'long-enough-1' });
    expect([dup.statusCode, dup.headers['x-error-code']]).toEqual([409, 'duplicate_login_id']);

    // 회원 정보 수정 with a password does not give a password to an account without a login id
    const edit = await t.put(`/api/users/${user.id}`, {
      token: user.token,
      body: { password: 'edited-pass-1', email: `e${user.id}@example.com`, phoneNumber: '01012345678', nickname: user.nickname },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await t.get('/api/users/me/identities', { token: user.token })).json().hasPassword).toBe(false);

    const loginId = `social_${user.id}`;
    const ok = await set({ loginId, password: 'long-enough-1' });
    expect([ok.statusCode, ok.body]).toEqual([200, '아이디와 비밀번호가 설정되었습니다.']);
    const again = await set({ loginId: `x${loginId}`, password: 'long-enough-1' });
    expect([again.statusCode, again.headers['x-error-code'], again.body]).toEqual([
      409,
      'password_exists',
      '이미 비밀번호가 설정된 계정입니다.',
    ]);
    expect((await set({ loginId: 'whatever_1', password: 'long-enough-1' }, taken.token)).headers['x-error-code']).toBe(
      'password_exists',
    );

    expect((await t.get('/api/users/me', { token: user.token })).json().loginId).toBe(loginId);
    const login = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId, password: 'long-enough-1' } });
    expect(login.json()).toEqual({ loginId, token: expect.any(String), role: 'ROLE_USER', nickname: user.nickname });
    const social = (await exchange(doneCode(await signInFlow('naver', user.account)).code)).json();
    expect((await t.get('/api/users/me', { token: social.token })).json().id).toBe(user.id);
  });
});

describe('withdrawal and storage', () => {
  it('withdrawal deletes the identities; the provider account then starts a new sign-up', async () => {
    const user = await socialUser('kakao');
    const res = await t.delete(`/api/users/${user.id}`, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(await identityRows(user.id)).toEqual([]);
    const after = (await exchange(doneCode(await signInFlow('kakao', user.account)).code)).json();
    expect(after.signupToken).toBeTruthy();
  });

  it('recovery by e-mail names an account without a login id by its providers', async () => {
    const user = await socialUser('kakao');
    const email = `s${user.account.id}@example.com`;
    expect((await t.post('/api/users/check-email', { ip: nextIp(), body: { email } })).statusCode).toBe(200);
    expect((await t.post('/api/find/send-code', { ip: nextIp(), body: { email } })).statusCode).toBe(200);
    const mail = t.mailer.sent.at(-1)!;
    const code = /인증 코드 : (\d{4})/.exec(mail.text)![1];
    const found = await t.post('/api/find/verify-code', { ip: nextIp(), body: { email, code } });
    expect(found.json()).toEqual([{ maskedLoginId: '소셜 계정 (카카오)' }]);
  });

  it('no provider token is stored anywhere in the database', async () => {
    const tokens = KINDS.flatMap((k) => providers[k].issuedTokens).filter((x) => x && x !== 'undefined');
    expect(tokens.length).toBeGreaterThan(10);
    const tables = await queryRows<{ table_name: string }>(
      t.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await queryRows<{ r: string }>(t.db, sql.raw(`SELECT row_to_json(x)::text AS r FROM "${table_name}" x`));
      dump += rows.map((r) => r.r).join('\n');
    }
    expect(dump.length).toBeGreaterThan(1000);
    for (const token of tokens) expect(dump.includes(token)).toBe(false);
    const columns = await queryRows<{ column_name: string }>(
      t.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name ~ '(access|refresh|id)_token'`,
    );
    expect(columns).toEqual([]);
  });
});

describe('a suspended account (docs/api.md §10.4)', () => {
  it('cannot sign in with a linked identity either: the exchange answers 403 account_suspended with the end and the reason', async () => {
    const social = await socialUser('kakao');
    const until = new Date(t.clock.now().getTime() + 3 * 24 * 60 * 60 * 1000);
    await t.db.execute(
      sql`INSERT INTO suspensions (user_id, until, reason, created_at) VALUES (${social.id}, ${until}, '사칭', ${t.clock.now()})`,
    );
    const res = await exchange(doneCode(await signInFlow('kakao', social.account)).code);
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-error-code']).toBe('account_suspended');
    expect(res.body).toMatch(/^\d{4}년 \d{1,2}월 \d{1,2}일까지 이용이 정지된 계정입니다\. 사유: 사칭$/);
    await t.db.execute(sql`DELETE FROM suspensions WHERE user_id = ${social.id}`);
    expect((await exchange(doneCode(await signInFlow('kakao', social.account)).code)).statusCode).toBe(200);
  });
});
