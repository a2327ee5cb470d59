// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import ReviewsPage from './ReviewsPage';

const json = (body: unknown, status = 200, code?: string) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: {
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      ...(code && { 'x-error-code': code }),
    },
  });

/** A member who left the group: the reviews are refused (the window has closed), the showcase read answers. */
function serve(showcase: Response | (() => Response)) {
  const calls: Array<{ method: string; path: string; body?: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      const method = init?.method ?? 'GET';
      calls.push({ method, path, ...(typeof init?.body === 'string' && { body: init.body }) });
      if (path === '/api/groups/5/reviews') return json('그룹 멤버가 아닙니다.', 403, 'not_group_member');
      if (path === '/api/groups/5/showcase') return typeof showcase === 'function' ? showcase() : showcase;
      if (path === '/api/groups/5/showcase-consent' && method === 'PUT') return json(JSON.parse(String(init?.body)));
      return json('없음', 404);
    }),
  );
  return calls;
}

function renderPage() {
  const host = document.createElement('div');
  const root = createRoot(host);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  root.render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/groups/5/reviews']}>
        <Routes>
          <Route path="/groups/:groupId/reviews" element={<ReviewsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { host, unmount: () => root.unmount() };
}

afterEach(() => vi.unstubAllGlobals());

it('gives a member who left, once the reviews are closed to them, the consent switch and saves a change', async () => {
  let consent = true;
  const calls = serve(() => json({ showcase: true, consent }));
  const { host, unmount } = renderPage();
  await vi.waitFor(() => expect(host.querySelector('[data-testid="reviews-closed"]')).not.toBeNull());
  const toggle = host.querySelector<HTMLButtonElement>('[role="switch"]')!;
  expect(toggle.getAttribute('aria-label')).toBe('내 닉네임을 쇼케이스에 표시');
  expect(toggle.getAttribute('aria-checked')).toBe('true');
  expect(host.querySelector('a[href="/showcase/5"]')?.textContent).toBe('쇼케이스 보기');

  consent = false;
  toggle.click();
  await vi.waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([
    { method: 'PUT', path: '/api/groups/5/showcase-consent', body: '{"consent":false}' },
  ]);
  unmount();
});

it('keeps the plain refusal for someone who was never a member', async () => {
  serve(json('그룹 멤버가 아닙니다.', 403, 'not_group_member'));
  const { host, unmount } = renderPage();
  await vi.waitFor(() => expect(host.textContent).toContain('그룹 정보를 불러오지 못했습니다.'));
  expect(host.textContent).toContain('그룹 멤버가 아닙니다.');
  expect(host.querySelector('[role="switch"]')).toBeNull();
  expect(host.querySelector('[data-testid="reviews-closed"]')).toBeNull();
  unmount();
});
