import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiUser, Dialogs, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// Finishing a team (docs/api.md §10.2): the admin completes the group, the two members review each other (nothing
// is seen before the second review, both see it after), and the record follows the member to a new applicant row
// and to their profile page. Once at desktop, once at 390 px with touch.

const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });
const SUMMARY_TEXT = '프로젝트 요약은 1~1000자로 입력해주세요.';
const INVALID_URL = '올바른 링크(http:// 또는 https://)를 입력해주세요.';
const TAGS_TEXT = '평가 태그를 1~5개 선택해주세요.';
const DROPPED_OUT_TEXT = '중도 이탈을 선택할 때는 코멘트를 남겨주세요.';

const dueDate = () => new Date(Date.now() + 9 * 3600_000 + 5 * 86_400_000).toISOString().slice(0, 10);

async function apiPost(request: APIRequestContext, author: ApiUser) {
  const post = await request.post('/api/recruitments', {
    headers: auth(author),
    data: { title: `완료 공고 ${unique()}`, description: '설명', topic: '웹', totalMembers: 6, dueDate: dueDate(), tags: [] },
  });
  expect(post.status(), await post.text()).toBe(201);
  return ((await post.json()) as { id: number }).id;
}

/** A closed recruitment by `admin` turned into a group with `member` invited. */
async function apiGroup(request: APIRequestContext, admin: ApiUser, member: ApiUser) {
  const postId = await apiPost(request, admin);
  expect((await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(admin) })).status()).toBe(200);
  const name = `완료 팀 ${unique()}`;
  const group = await request.post('/api/groups', {
    headers: auth(admin),
    data: { basePostId: postId, name, description: `${name} 설명` },
  });
  expect(group.status(), await group.text()).toBe(201);
  const id = ((await group.json()) as { id: number }).id;
  const res = await request.post(`/api/groups/${id}/invite`, { headers: auth(admin), data: { nickname: member.nickname } });
  expect(res.status(), await res.text()).toBe(200);
  return { id, name };
}

async function personPage(browser: Browser, user: ApiUser, phone: boolean) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `10.36.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
    ...(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const dialogs = new Dialogs(page);
  await loginWithToken(page, user);
  return { context, page, dialogs };
}

/** Taps on a phone, clicks at desktop. */
const press = (phone: boolean) => (locator: Locator) => (phone ? locator.tap() : locator.click());

/** Inside the viewport, left and right, and the page does not scroll sideways. */
async function expectFits(page: Page, locator: Locator) {
  const width = page.viewportSize()!.width;
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function finishTeam(page: Page, browser: Browser, request: APIRequestContext, phone: boolean) {
  const tap = press(phone);
  const admin = await apiUser(request);
  const member = await apiUser(request);
  const group = await apiGroup(request, admin, member);

  // --- the admin completes the group ---
  await loginWithToken(page, admin);
  await page.goto(`/groups/${group.id}`);
  await tap(page.getByRole('button', { name: '프로젝트 완료' }));
  const dialog = page.getByRole('dialog', { name: '프로젝트 완료' });
  await tap(dialog.getByRole('button', { name: '다음' }));
  await expect(dialog.getByRole('alert')).toHaveText(SUMMARY_TEXT);
  await dialog.getByLabel('결과 요약').fill('할 일 앱을 만들어 배포했습니다.\n매주 토요일에 모였어요.');
  await dialog.getByLabel('결과 링크 (선택)').fill('javascript:alert(1)');
  await tap(dialog.getByRole('button', { name: '다음' }));
  await expect(dialog.getByRole('alert')).toHaveText(INVALID_URL);
  // what was typed stays
  await expect(dialog.getByLabel('결과 요약')).toHaveValue('할 일 앱을 만들어 배포했습니다.\n매주 토요일에 모였어요.');
  await dialog.getByLabel('결과 링크 (선택)').fill('https://example.com/todo');
  const showcase = dialog.getByRole('switch', { name: '쇼케이스에 공개' });
  await expect(showcase).toHaveAttribute('aria-checked', 'false');
  await tap(showcase);
  await expect(showcase).toHaveAttribute('aria-checked', 'true');
  await tap(dialog.getByRole('button', { name: '다음' }));
  const confirm = dialog.getByTestId('complete-confirm');
  await expect(confirm).toContainText('초대·추방·그룹 삭제를 더 이상 할 수 없습니다.');
  await expect(confirm).toContainText('팀원 평가가 14일 동안 열립니다.');
  if (phone) await expectFits(page, dialog);
  await tap(confirm.getByRole('button', { name: '완료하기' }));
  await expect(dialog).toHaveCount(0);

  const done = page.getByTestId('completed-group');
  await expect(done).toContainText('완료됨');
  await expect(done).toContainText('매주 토요일에 모였어요.');
  const result = done.getByRole('link', { name: /결과 보기/ });
  await expect(result).toHaveAttribute('href', 'https://example.com/todo');
  await expect(result).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(result).toHaveAttribute('target', '_blank');
  await expect(done.getByTestId('review-dday')).toHaveText('D-14');
  await expect(done.getByRole('switch', { name: '쇼케이스에 공개' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: '프로젝트 완료' })).toHaveCount(0);
  if (phone) await expectFits(page, done);
  const status = await request.get(`/api/groups/${group.id}`, { headers: auth(admin) });
  expect(((await status.json()) as { status: string }).status).toBe('COMPLETED');

  // the members page no longer invites or kicks, and says why
  await page.goto(`/groups/${group.id}/members`);
  await expect(page.getByTestId('completed-note')).toBeVisible();
  await expect(page.getByRole('button', { name: '초대하기' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '추방' })).toHaveCount(0);
  await expect(page.getByTestId('member-row').filter({ hasText: member.nickname }).getByTestId('record-line')).toHaveText(
    '참여 1 · 완료 1 · 중도 이탈 0',
  );

  // --- the admin reviews the member first ---
  await page.goto(`/groups/${group.id}`);
  await tap(page.getByRole('link', { name: /팀원 평가/ }));
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/reviews$`));
  await expect(page.getByTestId('review-window')).toContainText('상대도 나를 평가하거나 평가 기간이 끝나면 공개됩니다');
  const form = page.getByRole('form', { name: `${member.nickname} 평가` });
  await tap(form.getByRole('button', { name: '평가 남기기' }));
  await expect(form.getByRole('alert')).toHaveText(TAGS_TEXT);
  await tap(form.getByRole('button', { name: '중도 이탈' }));
  await tap(form.getByRole('button', { name: '평가 남기기' }));
  await expect(form.getByRole('alert')).toHaveText(DROPPED_OUT_TEXT);
  await tap(form.getByRole('button', { name: '중도 이탈' }));
  await expect(form.getByRole('button', { name: '중도 이탈' })).toHaveAttribute('aria-pressed', 'false');
  await tap(form.getByRole('button', { name: '책임감' }));
  await tap(form.getByRole('button', { name: '소통' }));
  await form.getByLabel('코멘트 (선택)').fill('마감까지 책임지고 해줘서 고마웠어요.');
  if (phone) await expectFits(page, form);
  await tap(form.getByRole('button', { name: '평가 남기기' }));
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('written')).toContainText(member.nickname);
  // the member has not reviewed the admin yet: nothing received, by the page or the API
  await expect(page.getByTestId('received-empty')).toBeVisible();

  // --- the member: nothing received before reviewing back ---
  const other = await personPage(browser, member, phone);
  await other.page.goto(`/groups/${group.id}/reviews`);
  await expect(other.page.getByTestId('received-empty')).toBeVisible();
  const before = await request.get(`/api/groups/${group.id}/reviews`, { headers: auth(member) });
  expect(((await before.json()) as { received: unknown[] }).received).toEqual([]);
  const mine = other.page.getByRole('form', { name: `${admin.nickname} 평가` });
  await press(phone)(mine.getByRole('button', { name: '리더십' }));
  await press(phone)(mine.getByRole('button', { name: '배려' }));
  await mine.getByLabel('코멘트 (선택)').fill('이끌어 주셔서 감사합니다.');
  await press(phone)(mine.getByRole('button', { name: '평가 남기기' }));
  await expect(mine).toHaveCount(0);

  // both see the reveal: the member at once, the admin after a reload
  const received = other.page.getByTestId('received-review');
  await expect(received).toHaveCount(1);
  await expect(received).toContainText(admin.nickname);
  await expect(received).toContainText('책임감');
  await expect(received).toContainText('소통');
  await expect(received).toContainText('마감까지 책임지고 해줘서 고마웠어요.');
  await page.reload();
  const adminReceived = page.getByTestId('received-review');
  await expect(adminReceived).toHaveCount(1);
  await expect(adminReceived).toContainText(member.nickname);
  await expect(adminReceived).toContainText('리더십');
  await expect(adminReceived).toContainText('이끌어 주셔서 감사합니다.');
  await other.context.close();

  // --- the member applies to someone else's new post: the author sees the record on the row ---
  const author = await apiUser(request);
  const newcomer = await apiUser(request);
  const postId = await apiPost(request, author);
  for (const applicant of [member, newcomer]) {
    const profile = await request.post('/api/user-info', {
      headers: auth(applicant),
      data: { contact: '01012345678', field: '프론트엔드', techStacks: ['React'] },
    });
    expect(profile.status(), await profile.text()).toBe(201);
    const applied = await request.post('/api/applications', { headers: auth(applicant), data: { recruitmentId: postId } });
    expect(applied.status(), await applied.text()).toBe(201);
  }
  const authorSide = await personPage(browser, author, phone);
  await authorSide.page.goto(`/applicants/${postId}`);
  const row = authorSide.page.getByTestId('applicant').filter({ hasText: member.nickname });
  await expect(row.getByTestId('record-line')).toHaveText('참여 1 · 완료 1 · 중도 이탈 0');
  await expect(
    authorSide.page.getByTestId('applicant').filter({ hasText: newcomer.nickname }).getByTestId('record-line'),
  ).toHaveText('첫 팀');
  if (phone) await expectFits(authorSide.page, row);

  // --- the profile page from the nickname ---
  await press(phone)(row.getByRole('link', { name: member.nickname }));
  await expect(authorSide.page).toHaveURL(new RegExp(`/users/${member.id}$`));
  await expect(authorSide.page.getByRole('heading', { name: `${member.nickname}님의 팀 기록` })).toBeVisible();
  const record = authorSide.page.getByTestId('record');
  await expect(record).toContainText('참여1');
  await expect(record).toContainText('완료1');
  await expect(record).toContainText('중도 이탈0');
  const tags = authorSide.page.getByTestId('record-tags');
  await expect(tags).toContainText('책임감 1');
  await expect(tags).toContainText('소통 1');
  await expect(authorSide.page.getByText('참여: 팀원으로 함께한 그룹 수예요.')).toBeVisible();
  // a comment is never public
  await expect(authorSide.page.getByText('마감까지 책임지고')).toHaveCount(0);
  if (phone) await expectFits(authorSide.page, record);

  // someone with nothing yet is welcomed, not shown zeros; an unknown user is not found
  await authorSide.page.goto(`/users/${newcomer.id}`);
  await expect(authorSide.page.getByTestId('record-empty')).toContainText('아직 함께한 프로젝트가 없어요');
  await expect(authorSide.page.getByTestId('record')).toHaveCount(0);
  await authorSide.page.goto('/users/999999999');
  await expect(authorSide.page.getByTestId('user-not-found')).toBeVisible();
  await authorSide.context.close();
}

test('the admin completes the group, both review each other and see the reveal, the record follows the member', async ({
  page,
  browser,
  request,
  dialogs,
}) => {
  test.slow(); // three people in three browsers
  void dialogs; // accepts the confirm before a review is sent
  await finishTeam(page, browser, request, false);
});

test.describe('on a phone (390 px, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the same, tapped', async ({ page, browser, request, dialogs }) => {
    test.slow();
    void dialogs;
    await finishTeam(page, browser, request, true);
  });
});

test('the home page links to the finished projects', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: '완료된 프로젝트 보기' })).toHaveAttribute('href', '/showcase');
});
