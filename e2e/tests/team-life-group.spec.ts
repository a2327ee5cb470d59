import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiUser, Dialogs, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// A group's notices (공지) and shared links (자료) on the group page, at desktop and on a phone.

const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });
const INVALID_URL = '올바른 링크(http:// 또는 https://)를 입력해주세요.';

/** A closed recruitment by `admin` turned into a group, with `members` invited; returns its id and name. */
async function apiGroup(request: APIRequestContext, admin: ApiUser, members: ApiUser[]) {
  const dueDate = new Date(Date.now() + 9 * 3600_000 + 5 * 86_400_000).toISOString().slice(0, 10);
  const post = await request.post('/api/recruitments', {
    headers: auth(admin),
    data: { title: `공지 그룹 공고 ${unique()}`, description: '설명', topic: '웹', totalMembers: 6, dueDate, tags: [] },
  });
  expect(post.status(), await post.text()).toBe(201);
  const postId = ((await post.json()) as { id: number }).id;
  expect((await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(admin) })).status()).toBe(200);
  const name = `팀 ${unique()}`;
  const group = await request.post('/api/groups', {
    headers: auth(admin),
    data: { basePostId: postId, name, description: `${name} 설명` },
  });
  expect(group.status(), await group.text()).toBe(201);
  const id = ((await group.json()) as { id: number }).id;
  for (const m of members) {
    const res = await request.post(`/api/groups/${id}/invite`, { headers: auth(admin), data: { nickname: m.nickname } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { id, name };
}

/** A second person in their own browser context, on the group page, with the live notification queue subscribed. */
async function livePerson(browser: Browser, user: ApiUser, path: string, phone = false) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `10.27.${Math.floor(Math.random() * 250)}.1` },
    ...(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const dialogs = new Dialogs(page);
  await loginWithToken(page, user);
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/ws/chat'));
  await page.goto(path);
  const ws = await socket;
  await ws.waitForEvent('framesent', (f) => String(f.payload).includes(`/user/${user.id}/queue/notifications`));
  // the server authorizes the SUBSCRIBE before it pushes (no receipt is asked for)
  await page.waitForTimeout(300);
  return { context, page, dialogs };
}

const noticeSection = (page: Page) => page.getByRole('region', { name: '공지' });
const linkSection = (page: Page) => page.getByRole('region', { name: '자료' });
const noticeItem = (page: Page, title: string) => noticeSection(page).getByTestId('notice-item').filter({ hasText: title });
const linkItem = (page: Page, title: string) => linkSection(page).getByTestId('link-item').filter({ hasText: title });

async function writeNotice(dialog: Locator, title: string, content: string, pinned: boolean, tap = false) {
  await dialog.getByLabel('공지 제목').fill(title);
  await dialog.getByLabel('공지 내용').fill(content);
  if (pinned) await dialog.getByLabel('상단에 고정').check();
  const submit = dialog.getByRole('button', { name: '등록' });
  if (tap) await submit.tap();
  else await submit.click();
  await expect(dialog).toHaveCount(0);
}

/** Inside the viewport, left and right, and the page does not scroll sideways. */
async function expectFitsPhone(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the admin writes, pins, edits and deletes a notice; the member gets the 쪽지 live and reads it', async ({
  page,
  browser,
  request,
  dialogs,
}) => {
  test.slow(); // two people in two browsers, a dozen steps
  const admin = await apiUser(request);
  const member = await apiUser(request);
  const group = await apiGroup(request, admin, [member]);
  const path = `/groups/${group.id}`;
  const watcher = await livePerson(browser, member, path);
  const badge = watcher.page.getByTestId('unread-badge');
  await expect(badge).toHaveText('1'); // the invite 쪽지
  await expect(noticeSection(watcher.page).getByRole('button', { name: '공지 작성' })).toHaveCount(0);

  await loginWithToken(page, admin);
  await page.goto(path);
  await expect(noticeSection(page).getByText('등록된 공지가 없습니다.')).toBeVisible();
  await expect(page.getByTestId('pinned-notice')).toHaveCount(0);
  await noticeSection(page).getByRole('button', { name: '공지 작성' }).click();
  const dialog = page.getByRole('dialog', { name: '공지 작성' });
  await dialog.getByRole('button', { name: '등록' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('공지 제목은 1~50자로 입력해주세요.');
  await dialog.getByLabel('공지 제목').fill('첫 모임 안내');
  await dialog.getByRole('button', { name: '등록' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('공지 내용은 1~2000자로 입력해주세요.');
  await writeNotice(dialog, '첫 모임 안내', '토요일 오후 2시 강남역\n준비물: 노트북', true);

  // pinned on top: the title and its first line only
  const pinned = page.getByTestId('pinned-notice');
  await expect(pinned).toContainText('첫 모임 안내');
  await expect(pinned).toContainText('토요일 오후 2시 강남역');
  await expect(pinned).not.toContainText('준비물');
  await expect(noticeItem(page, '첫 모임 안내')).toContainText('고정');

  // the member's badge moves without a reload; the 쪽지 is the contract's text from [시스템]
  await expect(badge).toHaveText('2');
  const recent = await request.get('/api/messages/recent', { headers: auth(member) });
  expect(((await recent.json()) as Array<{ senderName: string }>)[0].senderName).toBe('[시스템]');
  const inbox = await request.get('/api/messages?page=0', { headers: auth(member) });
  expect(((await inbox.json()) as { content: Array<{ content: string }> }).content[0].content).toBe(
    `'${group.name}' 그룹에 새 공지가 등록되었습니다: 첫 모임 안내`,
  );
  // the admin, who wrote it, gets none
  const adminUnread = await request.get('/api/messages/unread-count', { headers: auth(admin) });
  expect(await adminUnread.json()).toBe(1); // the group-created 쪽지 only

  // the member opens the whole notice from the banner: reading only
  await watcher.page.reload();
  await watcher.page.getByTestId('pinned-notice').click();
  const reading = watcher.page.getByRole('dialog', { name: '공지' });
  await expect(reading.getByTestId('notice-detail')).toContainText('준비물: 노트북');
  await expect(reading.getByTestId('notice-detail')).toContainText(admin.nickname);
  for (const action of ['수정', '고정 해제', '삭제']) await expect(reading.getByRole('button', { name: action })).toHaveCount(0);
  await reading.getByRole('button', { name: '닫기', exact: true }).last().click();
  await watcher.context.close();

  // the admin edits it, then unpins and pins it again
  await noticeItem(page, '첫 모임 안내').click();
  const opened = page.getByRole('dialog', { name: '공지' });
  await opened.getByRole('button', { name: '수정' }).click();
  const editing = page.getByRole('dialog', { name: '공지 수정' });
  await expect(editing.getByLabel('공지 제목')).toHaveValue('첫 모임 안내');
  await editing.getByLabel('공지 제목').fill('첫 모임 장소 변경');
  await editing.getByRole('button', { name: '저장' }).click();
  await expect(opened.getByTestId('notice-detail')).toContainText('첫 모임 장소 변경');
  await opened.getByRole('button', { name: '고정 해제' }).click();
  await expect(opened.getByRole('button', { name: '고정', exact: true })).toBeVisible();
  await expect(page.getByTestId('pinned-notice')).toHaveCount(0);
  await opened.getByRole('button', { name: '고정', exact: true }).click();
  await expect(page.getByTestId('pinned-notice')).toContainText('첫 모임 장소 변경');
  await opened.getByRole('button', { name: '닫기', exact: true }).last().click();

  // a second pinned notice takes the top; the first stays in the list, unpinned
  await noticeSection(page).getByRole('button', { name: '공지 작성' }).click();
  await writeNotice(page.getByRole('dialog', { name: '공지 작성' }), '회비 안내', '이번 달 회비는 만 원입니다.', true);
  await expect(page.getByTestId('pinned-notice')).toContainText('회비 안내');
  await expect(noticeSection(page).getByTestId('notice-item')).toHaveText([/고정\s*회비 안내/, /첫 모임 장소 변경/]);

  // delete asks first; dismissed, nothing changes
  await noticeItem(page, '회비 안내').click();
  dialogs.dismissNext();
  await opened.getByRole('button', { name: '삭제' }).click();
  await dialogs.expect('공지를 삭제하시겠습니까?');
  await expect(opened).toBeVisible();
  await opened.getByRole('button', { name: '삭제' }).click();
  await expect(opened).toHaveCount(0);
  await expect(noticeItem(page, '회비 안내')).toHaveCount(0);
  await expect(page.getByTestId('pinned-notice')).toHaveCount(0);
  await expect(noticeItem(page, '첫 모임 장소 변경')).toBeVisible();
});

test('members share links that open in a new tab; refused links show the contract’s text; writer and admin delete', async ({
  page,
  request,
  dialogs,
}) => {
  const admin = await apiUser(request);
  const member = await apiUser(request);
  const other = await apiUser(request);
  const group = await apiGroup(request, admin, [member, other]);
  const path = `/groups/${group.id}`;
  const added = await request.post(`/api/groups/${group.id}/links`, {
    headers: auth(other),
    data: { title: '다른 멤버의 자료', url: 'https://example.org/other' },
  });
  expect(added.status(), await added.text()).toBe(201);

  await loginWithToken(page, member);
  await page.goto(path);
  const links = linkSection(page);
  await expect(linkItem(page, '다른 멤버의 자료')).toContainText(other.nickname);
  await expect(linkItem(page, '다른 멤버의 자료').getByRole('button', { name: /삭제/ })).toHaveCount(0);

  await links.getByRole('button', { name: '추가' }).click();
  await expect(links.locator('#link-title-error')).toHaveText('자료 제목은 1~50자로 입력해주세요.');
  await links.getByLabel('자료 제목').fill('회의록');
  for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'www.example.com', 'https://user:pw@example.com/']) {
    await links.getByLabel('링크').fill(bad);
    await links.getByRole('button', { name: '추가' }).click();
    // under the link field, and read with it
    await expect(links.locator('#link-url-error')).toHaveText(INVALID_URL);
    await expect(links.getByLabel('링크')).toHaveAttribute('aria-describedby', 'link-url-error');
  }
  await links.getByLabel('링크').fill('  https://docs.example.com/meeting?week=1  ');
  await links.getByRole('button', { name: '추가' }).click();
  await expect(links.getByLabel('링크')).toHaveValue('');
  await expect(links.locator('#link-url-error')).toHaveCount(0);

  const anchor = linkItem(page, '회의록').getByRole('link', { name: '회의록' });
  await expect(anchor).toHaveAttribute('href', 'https://docs.example.com/meeting?week=1');
  await expect(anchor).toHaveAttribute('target', '_blank');
  await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(links.getByTestId('link-item')).toHaveText([/회의록/, /다른 멤버의 자료/]);

  // the writer deletes their own, after a confirm
  await linkItem(page, '회의록').getByRole('button', { name: '회의록 삭제' }).click();
  await dialogs.expect('자료를 삭제하시겠습니까?');
  await expect(linkItem(page, '회의록')).toHaveCount(0);

  // the admin deletes anyone's
  await loginWithToken(page, admin);
  await page.goto(path);
  await linkItem(page, '다른 멤버의 자료').getByRole('button', { name: '다른 멤버의 자료 삭제' }).click();
  await expect(linkItem(page, '다른 멤버의 자료')).toHaveCount(0);
  await expect(linkSection(page).getByText('공유된 자료가 없습니다.')).toBeVisible();
});

test.describe('on a phone (390 px, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the admin writes a pinned notice in a dialog that fits; the member’s badge moves and the notice opens', async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // two people in two browsers
    const admin = await apiUser(request);
    const member = await apiUser(request);
    const group = await apiGroup(request, admin, [member]);
    const path = `/groups/${group.id}`;
    const watcher = await livePerson(browser, member, path, true);
    const badge = watcher.page.getByTestId('unread-badge');
    await expect(badge).toHaveText('1');

    await loginWithToken(page, admin);
    await page.goto(path);
    await noticeSection(page).getByRole('button', { name: '공지 작성' }).tap();
    const dialog = page.getByRole('dialog', { name: '공지 작성' });
    await expectFitsPhone(page, dialog);
    await expectFitsPhone(page, dialog.getByRole('button', { name: '등록' }));
    await writeNotice(dialog, '폰에서 쓴 아주 긴 제목의 공지입니다 끝까지 보이지 않아도 됩니다', '첫 줄\n둘째 줄', true, true);
    const pinned = page.getByTestId('pinned-notice');
    await expectFitsPhone(page, pinned);
    await expectFitsPhone(page, noticeItem(page, '폰에서 쓴'));

    await expect(badge).toHaveText('2');
    await watcher.page.reload();
    await watcher.page.getByTestId('pinned-notice').tap();
    const reading = watcher.page.getByRole('dialog', { name: '공지' });
    await expect(reading).toContainText('둘째 줄');
    await expectFitsPhone(watcher.page, reading);
    await watcher.context.close();

    // the admin's actions are reachable by touch inside the dialog
    await noticeItem(page, '폰에서 쓴').tap();
    const opened = page.getByRole('dialog', { name: '공지' });
    for (const action of ['수정', '고정 해제', '삭제']) await expectFitsPhone(page, opened.getByRole('button', { name: action }));
    await opened.getByRole('button', { name: '고정 해제' }).tap();
    await expect(page.getByTestId('pinned-notice')).toHaveCount(0);
  });

  test('a member adds and deletes a link by touch; a refused link says why under the field', async ({ page, request }) => {
    const admin = await apiUser(request);
    const member = await apiUser(request);
    const group = await apiGroup(request, admin, [member]);
    await loginWithToken(page, member);
    await page.goto(`/groups/${group.id}`);
    page.on('dialog', (d) => void d.accept());
    const links = linkSection(page);
    await links.getByLabel('자료 제목').fill('스터디 자료 모음');
    await links.getByLabel('링크').fill('javascript:alert(1)');
    await links.getByRole('button', { name: '추가' }).tap();
    await expect(links.locator('#link-url-error')).toHaveText(INVALID_URL);
    await expectFitsPhone(page, links.locator('#link-url-error'));
    await links.getByLabel('링크').fill(`https://example.com/${'a'.repeat(120)}`);
    await links.getByRole('button', { name: '추가' }).tap();
    const item = linkItem(page, '스터디 자료 모음');
    await expect(item).toBeVisible();
    await expectFitsPhone(page, item);
    await expectFitsPhone(page, item.getByRole('button', { name: /삭제/ }));
    await item.getByRole('button', { name: /삭제/ }).tap();
    await expect(item).toHaveCount(0);
  });
});
