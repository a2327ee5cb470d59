// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import GroupDetailPage from './GroupDetailPage';

const notice = (noticeId: number, title: string, content: string, pinned: boolean) => ({
  noticeId,
  groupId: 3,
  title,
  content,
  pinned,
  writerNickname: '관리자',
  createdDateTime: '2025-06-01T13:45:12+09:00',
  updatedDateTime: '2025-06-01T13:45:12+09:00',
});
const answers: Record<string, unknown> = {
  '/api/groups/3': { id: 3, name: '우리 팀', description: '설명', type: 'PROJECT', status: 'ACTIVE', members: [] },
  '/api/groups/3/notices': [notice(2, '고정 공지', '\n첫 줄입니다\n둘째 줄', true), notice(1, '지난 공지', '내용', false)],
  '/api/groups/3/links': [],
};

afterEach(() => vi.unstubAllGlobals());

it('shows the pinned notice (title and first line) on top, the 공지 list and an empty 자료 section, and settles', async () => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0];
      return new Response(JSON.stringify(answers[path] ?? []), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const host = document.createElement('div');
  const root = createRoot(host);
  const qc = new QueryClient();
  root.render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/groups/3']}>
        <Routes>
          <Route path="/groups/:groupId" element={<GroupDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await vi.waitFor(() => expect(host.textContent).toContain('공유된 자료가 없습니다.'), { timeout: 10_000 });
  const pinned = host.querySelector('[data-testid="pinned-notice"]')!;
  expect(pinned.textContent).toContain('고정 공지');
  expect(pinned.textContent).toContain('첫 줄입니다');
  expect(pinned.textContent).not.toContain('둘째 줄');
  expect([...host.querySelectorAll('[data-testid="notice-item"]')].map((li) => li.textContent)).toEqual([
    '고정고정 공지2025.06.01',
    '지난 공지2025.06.01',
  ]);
  // no member of this group is the caller: nobody may write
  expect(host.textContent).not.toContain('공지 작성');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(calls.sort()).toEqual(['/api/groups/3', '/api/groups/3/links', '/api/groups/3/notices', '/api/schedules/total/3']);
  root.unmount();
});
