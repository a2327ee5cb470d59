import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// A new user on a phone: 390 px wide, touch, no hover.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Opens a route by navigating inside the app, as a tap on a link does: the page reads its data in the browser
 * (a public route loaded directly arrives server-rendered with its data, so no read of it can be slow or fail).
 */
async function openInApp(page: Page, path: string) {
  await page.goto('/login');
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function apiPost(request: APIRequestContext, user: ApiUser, title: string, dueDays = 10) {
  const res = await request.post('/api/recruitments', {
    headers: auth(user),
    data: {
      title,
      description: '설명입니다',
      topic: '웹 서비스',
      totalMembers: 4,
      dueDate: seoulDate(dueDays),
      tags: ['React', 'TypeScript'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function apiApply(request: APIRequestContext, user: ApiUser, postId: number) {
  const profile = await request.post('/api/user-info', {
    headers: auth(user),
    data: { contact: '01012345678', field: '백엔드', techStacks: ['Java'] },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const res = await request.post('/api/applications', { headers: auth(user), data: { recruitmentId: postId } });
  expect(res.status(), await res.text()).toBe(201);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

/** Inside the 390 px viewport, left and right. */
async function expectOnScreen(page: Page, locator: Locator) {
  const box = await boxOf(locator);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('applicants and my posts: actions are visible buttons, and a final decision asks first', async ({
  page,
  request,
  dialogs,
}) => {
  const author = await apiUser(request);
  const applicant = await apiUser(request);
  const title = `폰 공고 ${unique()}`;
  const postId = await apiPost(request, author, title);
  await apiApply(request, applicant, postId);

  await loginWithToken(page, author);
  await page.goto('/my-posts');
  const card = page.getByTestId('my-post').filter({ hasText: title });
  // tapping the lower half of the card opens nothing hidden: the buttons there are visible
  await expect(card.getByRole('button', { name: '공고 보기' })).toBeVisible();
  await expect(card.getByRole('button', { name: '지원자 보기' })).toBeVisible();
  await card.getByRole('button', { name: '지원자 보기' }).tap();
  await expect(page).toHaveURL(new RegExp(`/applicants/${postId}$`));

  const row = page.getByTestId('applicant').filter({ hasText: applicant.nickname });
  const approve = row.getByRole('button', { name: '승인' });
  await expect(approve).toBeVisible();
  await expect(row.getByRole('button', { name: '거부' })).toBeVisible();
  // a tap that is not confirmed changes nothing
  dialogs.dismissNext();
  await approve.tap();
  await dialogs.expect('이 지원자를 승인하시겠습니까?');
  await expect(row).toHaveAttribute('data-status', 'PENDING');
  const list = await request.get(`/api/applications/${postId}/list`, { headers: auth(author) });
  expect(((await list.json()) as { applicants: Array<{ status: string }> }).applicants[0]?.status).toBe('PENDING');
  // confirmed, it is final
  await approve.tap();
  await dialogs.expect('지원이 승인되었습니다.');
  await expect(row).toContainText('승인됨');

  // a closed post: 그룹 생성 and 공고 삭제 are visible, and deleting asks first
  const closed = await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(author) });
  expect(closed.status(), await closed.text()).toBe(200);
  await page.goto('/my-posts');
  await expect(card).toHaveAttribute('data-inactive', 'true');
  await expect(card.getByRole('button', { name: '그룹 생성' })).toBeVisible();
  dialogs.dismissNext();
  await card.getByRole('button', { name: '공고 삭제' }).tap();
  await dialogs.expect('정말 이 공고를 삭제하시겠습니까?');
  await expect(card).toBeVisible();
});

test('a double tap on 지원하기 applies once and the button then says 지원 완료', async ({ page, request, dialogs }) => {
  const author = await apiUser(request);
  const me = await apiUser(request);
  const postId = await apiPost(request, author, `더블탭 ${unique()}`);
  const profile = await request.post('/api/user-info', {
    headers: auth(me),
    data: { contact: '비공개', field: '프론트엔드', techStacks: ['React'] },
  });
  expect(profile.status()).toBe(201);

  await loginWithToken(page, me);
  await page.goto(`/recruitment/${postId}`);
  // the page arrives rendered on the server: a tap on its 지원하기 before the app has taken it over does nothing, and
  // the header greets the member only once it has
  await expect(page.getByText(`${me.nickname}님 환영합니다`)).toBeVisible();
  // two taps on the same spot: a second locator tap would wait for a 지원하기 button that may already be 지원 완료
  const box = await boxOf(page.getByRole('button', { name: '지원하기' }));
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await dialogs.expect('지원이 완료되었습니다.');
  await expect(page.getByRole('button', { name: '지원 완료' })).toBeDisabled();
  expect(dialogs.messages.filter((m) => m.startsWith('지원 실패'))).toEqual([]);
  const mine = await request.get('/api/applications/my-list', { headers: auth(me) });
  const applied = ((await mine.json()) as Array<{ basePostId: number }>).filter((a) => a.basePostId === postId);
  expect(applied).toHaveLength(1);
});

async function apiBoard(request: APIRequestContext, user: ApiUser, title: string) {
  const res = await request.post('/api/boards', { headers: auth(user), data: { title, content: '본문', categoryId: 1 } });
  expect(res.status(), await res.text()).toBe(201);
  return Number(res.headers()['location']!.split('/').pop());
}

async function sendMessage(request: APIRequestContext, from: ApiUser, to: ApiUser, content: string) {
  const res = await request.post('/api/messages', { headers: auth(from), data: { receiverName: to.nickname, content } });
  expect(res.status(), await res.text()).toBe(201);
}

test('the 쪽지 dropdown and /messages fit 390 px; unread rows are bold with a dot', async ({ page, request }) => {
  const me = await apiUser(request);
  const sender = await apiUser(request, `긴닉네임보낸이${unique()}`);
  await sendMessage(request, sender, me, '읽은 쪽지입니다. 미리보기가 보여야 합니다.');
  await sendMessage(request, sender, me, '읽지 않은 쪽지입니다. 미리보기가 보여야 합니다.');
  const inbox = (await (await request.get('/api/messages', { headers: auth(me) })).json()) as {
    content: Array<{ messageId: number }>;
  };
  expect((await request.get(`/api/messages/${inbox.content[1]!.messageId}`, { headers: auth(me) })).status()).toBe(200);

  await loginWithToken(page, me);
  await page.goto('/');
  await page.getByRole('button', { name: /쪽지함/ }).tap();
  const dropdown = page.getByTestId('inbox-dropdown');
  await expect(dropdown.getByText('받은 쪽지', { exact: true })).toBeVisible();
  await expectOnScreen(page, dropdown);
  const rows = dropdown.getByTestId('recent-message');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expectOnScreen(page, row);
  await expect(rows.nth(0).getByTestId('unread-dot')).toBeVisible();
  await expect(rows.nth(1).getByTestId('unread-dot')).toHaveCount(0);
  expect(await rows.nth(0).evaluate((e) => Number(getComputedStyle(e).fontWeight))).toBeGreaterThanOrEqual(600);
  expect(await rows.nth(1).evaluate((e) => Number(getComputedStyle(e).fontWeight))).toBeLessThan(600);

  await page.goto('/messages');
  const row = page.getByTestId('message-row').first();
  const preview = row.getByText('읽지 않은 쪽지입니다.', { exact: false });
  await expect(preview).toBeVisible();
  expect((await boxOf(preview)).width).toBeGreaterThan(200);
  // the time sits above the icons' row, never under the reply icon
  const time = row.getByText(/방금 전|분 전/);
  const reply = row.getByRole('button', { name: '답장' });
  const [t, r] = [await boxOf(time), await boxOf(reply)];
  expect(t.x + t.width <= r.x || t.y + t.height <= r.y || r.y + r.height <= t.y).toBe(true);
  await expect(row.getByTestId('unread-dot')).toBeVisible();
});

test('/boards on a phone: stacked, readable rows; home shows the popular board titles', async ({ page, request }) => {
  const author = await apiUser(request);
  const title = `휴대폰에서도 제목이 읽혀야 하는 게시글 ${unique()}`;
  const id = await apiBoard(request, author, title);
  await request.post(`/api/boards/${id}/view`);

  await page.goto(`/boards?keyword=${encodeURIComponent(title)}`);
  const row = page.getByTestId('board-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  const link = row.getByRole('link', { name: title });
  const box = await boxOf(link);
  expect(box.width).toBeGreaterThan(250);
  expect(box.height).toBeLessThan(60); // two lines at most
  await expect(page.getByText('조회수', { exact: true })).toBeHidden();
  await expectOnScreen(page, row);
  await link.tap();
  await expect(page).toHaveURL(new RegExp(`/boards/${id}$`));

  // home: a popular board's title gets the full width of its row (stacked over author, views and time)
  await page.goto('/');
  const popular = page.getByTestId('popular-board').first();
  await expect(popular).toBeVisible();
  const titleBox = await boxOf(popular.locator('span').first());
  expect(titleBox.width).toBeGreaterThan(300);
});

test('a closed card shows 마감 only (no D-day)', async ({ page, request }) => {
  const author = await apiUser(request);
  const title = `마감 카드 ${unique()}`;
  const postId = await apiPost(request, author, title, 3);
  expect((await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(author) })).status()).toBe(200);
  await page.goto(`/recruitments?searchType=title&keyword=${encodeURIComponent(title)}`);
  const card = page.getByTestId('post-card').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-inactive', 'true');
  await expect(card.getByText('마감', { exact: true })).toBeVisible();
  await expect(card.getByTestId('dday-badge')).toHaveCount(0);
});

test('loading shows skeletons; a failure says so with a retry; "none" only when the server said so', async ({
  page,
  request,
}) => {
  const author = await apiUser(request);
  const title = `상태 확인 ${unique()}`;
  const id = await apiBoard(request, author, title);

  // a failed board search: the error and a retry that works
  await page.route('**/api/boards/search**', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: '서버 오류' }),
  );
  await openInApp(page, `/boards?keyword=${encodeURIComponent(title)}`);
  await expect(page.getByText('불러오지 못했습니다.')).toBeVisible();
  await page.unroute('**/api/boards/search**');
  await page.getByRole('button', { name: '다시 시도' }).tap();
  await expect(page.getByTestId('board-row').filter({ hasText: title })).toBeVisible();

  // a board detail that fails with a server error is not "not found"; a real 404 is
  await page.route(`**/api/boards/${id}?**`, (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: '서버 오류' }),
  );
  await page.goto(`/boards/${id}`);
  await expect(page.getByText('불러오지 못했습니다.')).toBeVisible();
  await expect(page.getByText('게시글이 존재하지 않습니다.')).toHaveCount(0);
  await page.unroute(`**/api/boards/${id}?**`);
  await page.getByRole('button', { name: '다시 시도' }).tap();
  await expect(page.getByTestId('board-title')).toHaveText(title);
  await page.goto('/boards/999999999');
  await expect(page.getByText('게시글이 존재하지 않습니다.')).toBeVisible();

  // failed popular calls on home are failures, not "none"
  await page.route('**/api/recruitments/popular', (route) => route.abort());
  await openInApp(page, '/');
  await expect(page.getByText('불러오지 못했습니다.')).toBeVisible();
  await expect(page.getByText('아직 인기 공고가 없습니다.')).toHaveCount(0);
  await page.unroute('**/api/recruitments/popular');

  // a slow detail shows a skeleton in its shape, then the post
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/boards/${id}?**`, async (route) => {
    await held;
    await route.continue();
  });
  await openInApp(page, `/boards/${id}`);
  await expect(page.getByTestId('skeleton')).toBeVisible();
  release();
  await expect(page.getByTestId('board-title')).toHaveText(title);
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
});
