import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// A new user on a phone: 390 px wide, touch, no hover.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function apiPost(request: APIRequestContext, user: ApiUser, title: string, dueDays = 10) {
  const res = await request.post('/api/recruitments', {
    headers: auth(user),
    data: { title, description: '설명입니다', topic: '웹 서비스', totalMembers: 4, dueDate: seoulDate(dueDays), tags: ['React', 'TypeScript'] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function apiApply(request: APIRequestContext, user: ApiUser, postId: number) {
  const profile = await request.post('/api/user-info', { headers: auth(user), data: { contact: '01012345678', field: '백엔드', techStacks: ['Java'] } });
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

test('applicants and my posts: actions are visible buttons, and a final decision asks first', async ({ page, request, dialogs }) => {
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
  const profile = await request.post('/api/user-info', { headers: auth(me), data: { contact: '비공개', field: '프론트엔드', techStacks: ['React'] } });
  expect(profile.status()).toBe(201);

  await loginWithToken(page, me);
  await page.goto(`/recruitment/${postId}`);
  const apply = page.getByRole('button', { name: '지원하기' });
  await apply.tap();
  await apply.tap({ force: true }).catch(() => undefined);
  await dialogs.expect('지원이 완료되었습니다.');
  await expect(page.getByRole('button', { name: '지원 완료' })).toBeDisabled();
  expect(dialogs.messages.filter((m) => m.startsWith('지원 실패'))).toEqual([]);
});
