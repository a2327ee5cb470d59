import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, unique, type ApiUser, type Dialogs } from './fixtures';

// 캘린더 구독 on the group page: a member's secret iCalendar address, copied, fetched, and replaced.

const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });
const FEED_URL = /^https?:\/\/[^/]+\/cal\/[A-Za-z0-9_-]{43}\.ics$/;
const RENEW_CONFIRM = '새 주소를 발급하면 지금 주소는 더 이상 동작하지 않습니다. 새 주소를 발급하시겠습니까?';

/** A group made from a closed recruitment by `admin`, with `member` invited and one schedule of the member's. */
async function groupWithSchedule(request: APIRequestContext, admin: ApiUser, member: ApiUser, content: string) {
  const dueDate = new Date(Date.now() + 9 * 3600_000 + 5 * 86_400_000).toISOString().slice(0, 10);
  const post = await request.post('/api/recruitments', {
    headers: auth(admin),
    data: { title: `캘린더 공고 ${unique()}`, description: '설명', topic: '웹', totalMembers: 4, dueDate, tags: [] },
  });
  expect(post.status(), await post.text()).toBe(201);
  const postId = ((await post.json()) as { id: number }).id;
  expect((await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(admin) })).status()).toBe(200);
  const group = await request.post('/api/groups', {
    headers: auth(admin),
    data: { basePostId: postId, name: `캘린더 팀 ${unique()}`, description: '설명' },
  });
  expect(group.status(), await group.text()).toBe(201);
  const id = ((await group.json()) as { id: number }).id;
  const invite = await request.post(`/api/groups/${id}/invite`, { headers: auth(admin), data: { nickname: member.nickname } });
  expect(invite.status(), await invite.text()).toBe(200);
  const schedule = await request.post('/api/schedules', { headers: auth(member), data: { groupId: id, content, date: dueDate } });
  expect(schedule.status(), await schedule.text()).toBe(200);
  return id;
}

/** The feed through the test's own request context (the address's path on the server under test). */
const fetchFeed = (request: APIRequestContext, url: string) => request.get(new URL(url).pathname);

async function expectFeedShows(request: APIRequestContext, url: string, summary: string) {
  const res = await fetchFeed(request, url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await res.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain(`SUMMARY:${summary}`);
}

/** Opens the dialog from the group page and waits for the address; returns the dialog and the address. */
async function openFeed(page: Page, tap: boolean): Promise<{ dialog: Locator; url: string }> {
  const open = page.getByRole('button', { name: '캘린더 구독' });
  if (tap) await open.tap();
  else await open.click();
  const dialog = page.getByRole('dialog', { name: '캘린더 구독' });
  await expect(dialog).toContainText('구글 캘린더, 애플 캘린더 등에 이 주소를 추가하면');
  await expect(dialog).toContainText('다른 사람과 공유하지');
  const field = dialog.getByLabel('구독 주소');
  await expect(field).toHaveValue(FEED_URL);
  await expect(field).toHaveAttribute('readonly', '');
  return { dialog, url: await field.inputValue() };
}

/** 새 주소 발급 after the confirm: the field shows a new address, the old one answers 404. */
async function renew(page: Page, dialogs: Dialogs, request: APIRequestContext, dialog: Locator, old: string, tap: boolean) {
  const button = dialog.getByRole('button', { name: '새 주소 발급' });
  if (tap) await button.tap();
  else await button.click();
  await dialogs.expect(RENEW_CONFIRM);
  const field = dialog.getByLabel('구독 주소');
  await expect(field).not.toHaveValue(old);
  await expect(field).toHaveValue(FEED_URL);
  await expect(dialog.getByRole('status')).toHaveText('새 주소를 발급했습니다. 캘린더 앱에 새 주소를 다시 추가해주세요.');
  expect((await fetchFeed(request, old)).status()).toBe(404);
  return field.inputValue();
}

test('a member opens 캘린더 구독, copies the address, the feed shows the schedule; a new address ends the old one', async ({
  page,
  context,
  request,
  dialogs,
}) => {
  const admin = await apiUser(request);
  const member = await apiUser(request);
  const groupId = await groupWithSchedule(request, admin, member, '중간 발표 준비');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginWithToken(page, member);
  await page.goto(`/groups/${groupId}`);

  const { dialog, url } = await openFeed(page, false);
  await expectFeedShows(request, url, '중간 발표 준비');

  await dialog.getByRole('button', { name: '복사' }).click();
  await expect(dialog.getByRole('status')).toHaveText('주소를 복사했습니다.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // a dismissed confirm changes nothing
  dialogs.dismissNext();
  await dialog.getByRole('button', { name: '새 주소 발급' }).click();
  await dialogs.expect(RENEW_CONFIRM);
  await expect(dialog.getByLabel('구독 주소')).toHaveValue(url);
  expect((await fetchFeed(request, url)).status()).toBe(200);

  const fresh = await renew(page, dialogs, request, dialog, url, false);
  await expectFeedShows(request, fresh, '중간 발표 준비');

  // closed and opened again: the same new address
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await openFeed(page, false)).url).toBe(fresh);
});

test.describe('on a phone (390 px, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** Inside the viewport, left and right, and the page does not scroll sideways. */
  async function expectFitsPhone(page: Page, locator: Locator) {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not rendered');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  test('the dialog fits, its buttons work by touch, and a new address ends the old one', async ({ page, request, dialogs }) => {
    const admin = await apiUser(request);
    const member = await apiUser(request);
    const groupId = await groupWithSchedule(request, admin, member, '폰으로 보는 일정');
    await loginWithToken(page, admin);
    await page.goto(`/groups/${groupId}`);

    const { dialog, url } = await openFeed(page, true);
    await expectFitsPhone(page, dialog);
    for (const name of ['복사', '새 주소 발급']) {
      const button = dialog.getByRole('button', { name });
      await expectFitsPhone(page, button);
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await expectFitsPhone(page, dialog.getByLabel('구독 주소'));
    await expectFeedShows(request, url, '폰으로 보는 일정');

    // copied, or (where the clipboard is refused) selected for the person to copy
    await dialog.getByRole('button', { name: '복사' }).tap();
    await expect(dialog.getByRole('status')).toHaveText(/^(주소를 복사했습니다\.|주소를 선택했습니다\. .+)$/);

    const fresh = await renew(page, dialogs, request, dialog, url, true);
    await expectFeedShows(request, fresh, '폰으로 보는 일정');
    await dialog.getByRole('button', { name: '닫기' }).tap();
    await expect(dialog).toHaveCount(0);
  });
});
