import type { APIRequestContext, Page, Route, WebSocket } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, type ApiUser } from './fixtures';

async function sendApi(request: APIRequestContext, from: ApiUser, to: ApiUser, content: string) {
  const res = await request.post('/api/messages', {
    headers: { Authorization: `Bearer ${from.token}` },
    data: { receiverName: to.nickname, content },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Answers the page's first unread-count request and holds every later one unanswered, so neither the poll nor
 * any refetch can change the badge: only the pushed notification can.
 */
async function holdUnreadPolls(page: Page) {
  const held: Route[] = [];
  let answered = 0;
  await page.route('**/api/messages/unread-count', (route) => (answered++ === 0 ? route.continue() : held.push(route)));
  return held;
}

/** Opens a page logged in as `user` and waits until its realtime socket has subscribed to the user's queue. */
async function openLive(page: Page, user: ApiUser, path = '/recruitments'): Promise<WebSocket> {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/ws/chat'));
  await page.goto(path);
  const ws = await socket;
  await ws.waitForEvent('framesent', (f) => String(f.payload).includes(`/user/${user.id}/queue/notifications`));
  // the server authorizes the SUBSCRIBE before it counts (no receipt is asked for)
  await page.waitForTimeout(300);
  return ws;
}

test('a 쪽지 sent by A appears on B’s badge and dropdown within a second, without a reload or a poll', async ({
  page,
  request,
}) => {
  const a = await apiUser(request);
  const b = await apiUser(request);
  await sendApi(request, a, b, '먼저 온 쪽지');
  await loginWithToken(page, b);
  const held = await holdUnreadPolls(page);
  await openLive(page, b);
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toHaveText('1');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await sendApi(request, a, b, '실시간으로 도착한 쪽지입니다');
  await expect(badge).toHaveText('2', { timeout: 1500 });
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await page.getByRole('button', { name: /쪽지함/ }).click();
  const entries = page.getByTestId('inbox-dropdown').getByTestId('recent-message');
  await expect(entries.first()).toContainText('실시간으로 도착한 쪽지입니다');
  // the only unread-count answers came before the push; later ones are still held
  expect(held.length).toBeGreaterThan(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('two tabs of B both get it; after logout the tab’s socket is closed', async ({ page, context, request }) => {
  const a = await apiUser(request);
  const b = await apiUser(request);
  await loginWithToken(page, b);
  const other = await context.newPage();
  await holdUnreadPolls(page);
  await holdUnreadPolls(other);
  const ws = await openLive(page, b, '/');
  await openLive(other, b, '/boards');

  await sendApi(request, a, b, '두 탭 모두에');
  for (const tab of [page, other]) await expect(tab.getByTestId('unread-badge')).toHaveText('1', { timeout: 1500 });

  const closed = ws.waitForEvent('close');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: '로그아웃' }).click();
  await closed;
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await other.unrouteAll({ behavior: 'ignoreErrors' });
});
