// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import BoardDetailPage from './BoardDetailPage';

const page = { content: [], number: 0, size: 10, totalElements: 0, totalPages: 0, first: true, last: true, empty: true };
const board = {
  id: 7,
  boardId: 7,
  title: '글',
  content: '본문',
  views: 1,
  replyCount: 0,
  createdAt: '2025-06-01T13:45:12+09:00',
  updatedAt: '2025-06-01T13:45:12+09:00',
  author: { id: 1, loginId: null, nickname: '작성자' },
  authorNickname: '작성자',
  category: { id: 1, name: '일반글', description: '일반적인 내용의 글' },
};

afterEach(() => vi.unstubAllGlobals());

it('reads the post only after its view was counted, so the shown count includes this view', async () => {
  const calls: string[] = [];
  let finishView = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/view')) {
        await new Promise<void>((resolve) => (finishView = resolve));
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify({ board, replies: page }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/boards/7']}>
        <Routes>
          <Route path="/boards/:boardId" element={<BoardDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(calls).toEqual(['POST /api/boards/7/view']));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(calls).toEqual(['POST /api/boards/7/view']);
  finishView();
  expect((await screen.findByTestId('board-views')).textContent).toBe('조회수 1');
  expect(calls).toEqual(['POST /api/boards/7/view', 'GET /api/boards/7?page=0']);
});
