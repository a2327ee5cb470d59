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
