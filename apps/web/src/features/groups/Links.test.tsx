// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { Links } from './Links';

const link = (linkId: number, title: string, writerId: number) => ({
  linkId,
  groupId: 3,
  title,
  url: `https://example.com/${linkId}`,
  writerId,
  writerNickname: `작성자${writerId}`,
  createdDateTime: '2025-06-01T13:45:12+09:00',
});

afterEach(() => vi.unstubAllGlobals());

it('lists the links, each opening in a new tab, with 삭제 only on the caller’s own and 신고 only on another’s', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify([link(2, '내 자료', 7), link(1, '남의 자료', 8)]), {
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
    ),
  );
  const host = document.createElement('div');
  const root = createRoot(host);
  root.render(
    <QueryClientProvider client={new QueryClient()}>
      <Links groupId={3} myId={7} admin={false} />
    </QueryClientProvider>,
  );
  await vi.waitFor(() => expect(host.querySelectorAll('[data-testid="link-item"]')).toHaveLength(2), {
    timeout: 10_000,
  });
  const anchors = [...host.querySelectorAll('a')];
  expect(anchors.map((a) => [a.textContent, a.getAttribute('href'), a.target, a.rel])).toEqual([
    ['내 자료', 'https://example.com/2', '_blank', 'noopener noreferrer nofollow'],
    ['남의 자료', 'https://example.com/1', '_blank', 'noopener noreferrer nofollow'],
  ]);
  expect([...host.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
    '추가',
    '내 자료 삭제',
    '남의 자료 메뉴',
  ]);
  root.unmount();
});
