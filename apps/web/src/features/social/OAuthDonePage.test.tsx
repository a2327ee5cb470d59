// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setTransport } from '../../shared/api/client';
import { auth } from '../../shared/auth/store';
import { OAuthDonePage, safeFrom } from './OAuthDonePage';

describe('safeFrom', () => {
  it.each([
    ['/boards?page=2', '/boards?page=2'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['/a b', '/'],
    [null, '/'],
  ])('%s → %s', (from, expected) => expect(safeFrom(from)).toBe(expected));
});

describe('OAuthDonePage', () => {
  afterEach(() => {
    cleanup();
    auth.clear();
    history.replaceState(null, '', '/');
  });

  const renderAt = (hash: string, answer: unknown) => {
    history.replaceState(null, '', `/oauth/done${hash}`);
    const calls: string[] = [];
    setTransport(async (path, init) => {
      calls.push(`${init.method} ${path} ${String(init.body)}`);
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/oauth/done']}>
          <Routes>
            <Route path="/oauth/done" element={<OAuthDonePage signupForm={(s) => <p>form {s.suggested.nickname}</p>} />} />
            <Route path="/boards" element={<p>boards</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return calls;
  };

  it('a known identity: the code exchanged once, the session stored as login does, then `from`', async () => {
    const calls = renderAt('#code=abc&from=%2Fboards', { token: 'a.b.c', nickname: '철수', from: '/boards' });
    expect(location.hash).toBe(''); // the code left the address at once
    await screen.findByText('boards');
    expect(auth.get()).toEqual({ token: 'a.b.c', nickname: '철수' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('"code":"abc"');
  });

  it('a new identity: the completion form with what the provider suggested', async () => {
    renderAt('#code=new&from=%2F', { signupToken: 't', suggested: { nickname: '영희', email: null } });
    await screen.findByText('form 영희');
    expect(auth.get().token).toBeNull();
  });

  it('no code: says so without calling the server', async () => {
    const calls = renderAt('', {});
    expect((await screen.findByRole('alert')).textContent).toBe('로그인 정보가 없습니다. 다시 로그인해주세요.');
    expect(calls).toHaveLength(0);
  });
});
