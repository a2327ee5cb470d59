import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiUser, expect as baseExpect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// pages of several users in a row on a busy machine: give each check more room than the default 10 s
const expect = baseExpect.configure({ timeout: 30_000 });

// Cancelling a pending application (docs/api.md §9.1) and blocking (§9.4), at desktop and on a phone.

const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const blockConfirm = (nickname: string) =>
  `${nickname}님을 차단하시겠습니까? 차단하면 서로 쪽지를 주고받거나 그룹에 초대할 수 없습니다.`;

async function apiPost(request: APIRequestContext, user: ApiUser, title: string) {
  const res = await request.post('/api/recruitments', {
    headers: auth(user),
    data: { title, description: '설명입니다', topic: '웹 서비스', totalMembers: 4, dueDate: seoulDate(10), tags: [] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function apiProfile(request: APIRequestContext, user: ApiUser) {
  const res = await request.post('/api/user-info', {
    headers: auth(user),
    data: { contact: '01012345678', field: '백엔드', techStacks: ['Java'] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function apiApply(request: APIRequestContext, user: ApiUser, postId: number) {
  const res = await request.post('/api/applications', { headers: auth(user), data: { recruitmentId: postId } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { applicationId: number }).applicationId;
}

/** A group of `admin` with `member` approved into it, through the API. */
async function apiGroup(request: APIRequestContext, admin: ApiUser, member: ApiUser) {
  const postId = await apiPost(request, admin, `그룹용 공고 ${unique()}`);
  await apiProfile(request, member);
  const applicationId = await apiApply(request, member, postId);
  const decided = await request.put('/api/applications/status', {
    headers: auth(admin),
    data: { applicationId, status: 'APPROVED' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  expect((await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(admin) })).status()).toBe(200);
  const group = await request.post('/api/groups', {
    headers: auth(admin),
    data: { basePostId: postId, name: `차단 그룹 ${unique()}`, description: '설명' },
  });
  expect(group.status(), await group.text()).toBe(201);
  return ((await group.json()) as { id: number }).id;
}

async function switchUser(page: Page, user: ApiUser, path: string) {
  await loginWithToken(page, user);
  await page.goto(path);
}

/** A tap on a phone (touch), a click at desktop. */
const pressWith = (touch: boolean) => (locator: Locator) => (touch ? locator.tap() : locator.click());

/** Inside the viewport, left and right (nothing to scroll sideways for). */
async function expectOnScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

function flows(touch: boolean) {
  const press = pressWith(touch);
  // long walks through several pages and users
  test.describe.configure({ timeout: 240_000 });

  test('an applicant cancels from the detail and from my info; the detail offers 지원하기 again and the author sees it', async ({
    page,
    request,
    dialogs,
  }) => {
    const author = await apiUser(request);
    const applicant = await apiUser(request);
    const title = `취소 공고 ${unique()}`;
    const postId = await apiPost(request, author, title);
    await apiProfile(request, applicant);
    await apiApply(request, applicant, postId);

    // the author sees the applicant first
    await switchUser(page, author, '/my-posts');
    await expect(page.getByTestId('my-post').filter({ hasText: title })).toContainText('지원자 1명');

    await switchUser(page, applicant, `/recruitment/${postId}`);
    await expect(page.getByRole('button', { name: '지원 완료' })).toBeDisabled();
    const cancel = page.getByRole('button', { name: '지원 취소' });
    await expectOnScreen(page, cancel);
    // declining the confirm keeps the application
    dialogs.dismissNext();
    await press(cancel);
    await dialogs.expect('지원을 취소하시겠습니까?');
    await expect(page.getByRole('button', { name: '지원 완료' })).toBeVisible();
    await press(cancel);
    await dialogs.expect('지원이 취소되었습니다.');
    await expect(page.getByRole('button', { name: '지원하기' })).toBeEnabled();
    await expect(page.getByRole('button', { name: '지원 취소' })).toHaveCount(0);

    // applying again works, and the application shows in my info, where it is cancelled again
    await press(page.getByRole('button', { name: '지원하기' }));
    await dialogs.expect('지원이 완료되었습니다.');
    await expect(page.getByRole('button', { name: '지원 완료' })).toBeVisible();
    await page.goto('/myinfo');
    const row = page.getByTestId('application-row').filter({ hasText: title });
    await expect(row.getByTestId('application-status')).toHaveText('대기');
    const rowCancel = row.getByRole('button', { name: '지원 취소' });
    await expectOnScreen(page, rowCancel);
    const confirmsBefore = dialogs.messages.filter((m) => m === '지원을 취소하시겠습니까?').length;
    await press(rowCancel);
    await expect.poll(() => dialogs.messages.filter((m) => m === '지원을 취소하시겠습니까?').length).toBe(confirmsBefore + 1);
    await expect(page.getByTestId('application-row')).toHaveCount(0);
    await expect(page.getByText('지원한 공고가 없습니다.')).toBeVisible();
    // the row's own click (open the post) did not fire
    await expect(page).toHaveURL(/\/myinfo$/);

    // the author's applicant list and my posts follow
    await switchUser(page, author, `/applicants/${postId}`);
    await expect(page.getByText('지원자가 없습니다.')).toBeVisible();
    await page.goto('/my-posts');
    await expect(page.getByTestId('my-post').filter({ hasText: title })).toContainText('지원자 0명');
  });

  test('a decided application has no 지원 취소', async ({ page, request }) => {
    const author = await apiUser(request);
    const applicant = await apiUser(request);
    const title = `결정된 공고 ${unique()}`;
    const postId = await apiPost(request, author, title);
    await apiProfile(request, applicant);
    const applicationId = await apiApply(request, applicant, postId);
    const res = await request.put('/api/applications/status', {
      headers: auth(author),
      data: { applicationId, status: 'REJECTED' },
    });
    expect(res.status()).toBe(200);
    await switchUser(page, applicant, `/recruitment/${postId}`);
    await expect(page.getByRole('button', { name: '지원 완료' })).toBeVisible();
    await expect(page.getByRole('button', { name: '지원 취소' })).toHaveCount(0);
    await page.goto('/myinfo');
    const row = page.getByTestId('application-row').filter({ hasText: title });
    await expect(row.getByTestId('application-status')).toHaveText('거부');
    await expect(row.getByRole('button', { name: '지원 취소' })).toHaveCount(0);
  });

  test('blocking from a received 쪽지: replies are refused, the 차단 목록 lists the user and 해제 lifts it', async ({
    page,
    request,
    dialogs,
  }) => {
    const me = await apiUser(request);
    const pest = await apiUser(request);
    const sent = await request.post('/api/messages', {
      headers: auth(pest),
      data: { receiverName: me.nickname, content: '귀찮게 하는 쪽지' },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await switchUser(page, me, '/messages');
    await press(page.getByTestId('message-row').filter({ hasText: '귀찮게 하는 쪽지' }).getByText('귀찮게 하는 쪽지'));
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { name: `보낸 사람: ${pest.nickname}` })).toBeVisible();
    const block = detail.getByRole('button', { name: '차단하기' });
    await expectOnScreen(page, block);
    dialogs.dismissNext();
    await press(block);
    await dialogs.expect(blockConfirm(pest.nickname));
    expect((await (await request.get('/api/blocks', { headers: auth(me) })).json()) as unknown[]).toEqual([]);
    await press(block);
    await dialogs.expect('차단되었습니다.');
    await expect(detail.getByRole('button', { name: '차단 해제' })).toBeVisible();

    // a reply is refused with the contract's text
    await press(detail.getByRole('button', { name: '답장쓰기' }));
    const compose = page.getByRole('dialog').filter({ hasText: '쪽지 보내기' });
    await compose.getByLabel('쪽지 내용:').fill('답장입니다');
    await press(compose.getByRole('button', { name: '전송하기' }));
    await dialogs.expect('상대방에게 쪽지를 보낼 수 없습니다.');
    // and the other side is refused with the same text
    const back = await request.post('/api/messages', {
      headers: auth(pest),
      data: { receiverName: me.nickname, content: '또 보냄' },
    });
    expect(back.status()).toBe(403);
    expect(await back.text()).toBe('상대방에게 쪽지를 보낼 수 없습니다.');

    await page.goto('/myinfo');
    const section = page.getByRole('region', { name: '차단 목록' });
    const entry = section.getByTestId('block-row').filter({ hasText: pest.nickname });
    await expect(entry).toBeVisible();
    await expectOnScreen(page, entry.getByRole('button', { name: '해제' }));
    await press(entry.getByRole('button', { name: '해제' }));
    await dialogs.expect('차단이 해제되었습니다.');
    await expect(section.getByText('차단한 사용자가 없습니다.')).toBeVisible();
    const again = await request.post('/api/messages', {
      headers: auth(pest),
      data: { receiverName: me.nickname, content: '해제 후 쪽지' },
    });
    expect(again.status()).toBe(201);
  });

  test('blocking a member from the members page, and an invite refused because of a block', async ({
    page,
    request,
    dialogs,
  }) => {
    const admin = await apiUser(request);
    const member = await apiUser(request);
    const stranger = await apiUser(request);
    const groupId = await apiGroup(request, admin, member);
    // the stranger blocked the admin: the invite is refused all the same
    expect((await request.put(`/api/blocks/${admin.id}`, { headers: auth(stranger) })).status()).toBe(200);

    await switchUser(page, admin, `/groups/${groupId}/members`);
    const memberRow = page.getByTestId('member-row').filter({ hasText: member.nickname });
    const adminRow = page.getByTestId('member-row').filter({ hasText: admin.nickname });
    await expect(adminRow.getByRole('button', { name: '차단하기' })).toHaveCount(0);
    const block = memberRow.getByRole('button', { name: '차단하기' });
    await expectOnScreen(page, block);
    await expectOnScreen(page, memberRow.getByRole('button', { name: '추방' }));
    await press(block);
    await dialogs.expect(blockConfirm(member.nickname));
    await dialogs.expect('차단되었습니다.');
    await expect(memberRow.getByRole('button', { name: '차단 해제' })).toBeVisible();
    // blocking does not remove anyone from the group
    await expect(memberRow).toContainText('멤버');

    await press(page.getByRole('button', { name: '초대하기' }));
    await page.getByLabel('초대할 닉네임').fill(stranger.nickname);
    await press(page.getByRole('dialog').getByRole('button', { name: '초대', exact: true }));
    await dialogs.expect(`${stranger.nickname}님을 그룹에 초대하시겠습니까?`);
    await dialogs.expect('초대할 수 없는 사용자입니다.');
    await expect(page.getByTestId('member-row').filter({ hasText: stranger.nickname })).toHaveCount(0);

    // the member sees the admin's row with 차단하기 too
    await switchUser(page, member, `/groups/${groupId}/members`);
    await expect(
      page.getByTestId('member-row').filter({ hasText: admin.nickname }).getByRole('button', { name: '차단하기' }),
    ).toBeVisible();
  });
}

test.describe('desktop', () => {
  flows(false);
});

test.describe('phone, 390 px with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  flows(true);
});
