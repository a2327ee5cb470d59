// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { get } from './client';

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  window.__early = undefined;
});

it('takes the read index.html started for the same GET and token, once', async () => {
  const fetch = vi.fn(() => json(['again']));
  vi.stubGlobal('fetch', fetch);
  window.__early = { '/boards/popular': { token: null, response: json(['early']) } };
  expect(await get('/boards/popular')).toEqual(['early']);
  expect(fetch).not.toHaveBeenCalled();
  expect(await get('/boards/popular')).toEqual(['again']);
  expect(fetch).toHaveBeenCalledTimes(1);
});

it('reads again when the session changed since index.html started the read', async () => {
  const fetch = vi.fn(() => json(['fresh']));
  vi.stubGlobal('fetch', fetch);
  window.__early = { '/boards/popular': { token: 'ended-session', response: json(['early']) } };
  expect(await get('/boards/popular')).toEqual(['fresh']);
  expect(fetch).toHaveBeenCalledTimes(1);
});

it('a 403 account_suspended of a session ends it once with the server’s text; a login’s own answer is the form’s', async () => {
  const { setUnauthorizedHandler, sessionExpired, post } = await import('./client');
  const { auth } = await import('../auth/store');
  const ended = vi.fn();
  setUnauthorizedHandler(ended);
  const suspended = () =>
    Promise.resolve(
      new Response('2026년 12월 1일까지 이용이 정지된 계정입니다. 사유: 광고', {
        status: 403,
        headers: { 'x-error-code': 'account_suspended' },
      }),
    );
  vi.stubGlobal('fetch', vi.fn(suspended));

  const login = await post('/auth/login', {}).catch((e: unknown) => e);
  expect(sessionExpired(login)).toBe(true);
  expect(ended).not.toHaveBeenCalled();

  auth.login('a.b.c', '닉네임');
  const refused = await get('/posts/mine').catch((e: unknown) => e);
  expect(sessionExpired(refused)).toBe(true);
  expect(ended).toHaveBeenCalledExactlyOnceWith('2026년 12월 1일까지 이용이 정지된 계정입니다. 사유: 광고');
  auth.clear();
});
