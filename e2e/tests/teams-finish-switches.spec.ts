import type { APIRequestContext, Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { apiUser, Dialogs, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// After a study group completes (docs/api.md §10.2): the 스터디 완료 label and the completion date; a member who left
// changes their showcase consent from the 팀원 평가 page and sees the showcase follow; a review the server refuses
// keeps what was typed; the admin takes the showcase down from the group page; the record line's "?" explains the
// numbers on a tap. Once at desktop, once at 390 px with touch.

const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const CONSENT = '내 닉네임을 쇼케이스에 표시';

async function ok(res: Promise<import('@playwright/test').APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r;
}

/** A closed study post by `admin` turned into a group with `member` invited. */
async function studyGroup(request: APIRequestContext, admin: ApiUser, member: ApiUser) {
  const post = await ok(
    request.post('/api/study-groups', {
      headers: auth(admin),
      data: {
        title: `완료 스터디 ${unique()}`,
        description: '같이 공부해요',
        topic: '알고리즘',
        totalMembers: 4,
        dueDate: seoulDate(5),
        startDate: seoulDate(6),
        endDate: seoulDate(30),
      },
    }),
    201,
  );
  const postId = ((await post.json()) as { id: number }).id;
  await ok(request.patch(`/api/study-groups/${postId}/close`, { headers: auth(admin) }));
  const name = `스터디 팀 ${unique()}`;
  const group = await ok(
    request.post('/api/groups', { headers: auth(admin), data: { basePostId: postId, name, description: '설명' } }),
    201,
  );
  const id = ((await group.json()) as { id: number }).id;
  await ok(request.post(`/api/groups/${id}/invite`, { headers: auth(admin), data: { nickname: member.nickname } }));
  return id;
}

async function personPage(browser: Browser, user: ApiUser, options: BrowserContextOptions) {
  const ip = `10.37.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  const page = await context.newPage();
  const dialogs = new Dialogs(page); // accepts the confirm before a review is sent
  await loginWithToken(page, user);
  return { context, page, dialogs };
}

const SIZES: Array<[string, BrowserContextOptions]> = [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['390 px with touch', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
];

/** The member names on the showcase page, loaded afresh. */
async function showcaseMembers(page: Page, groupId: number) {
  await page.goto(`/showcase/${groupId}`);
  await expect(page.getByTestId('showcase-title')).toBeVisible();
  return page.getByTestId('showcase-members');
}

for (const [size, options] of SIZES) {
  test(`at ${size}: a study completes, a member who left switches their consent, the admin the showcase`, async ({
    browser,
    request,
  }) => {
    test.slow(); // two people in two browsers
    const phone = Boolean(options.hasTouch);
    const tap = (locator: Locator) => (phone ? locator.tap() : locator.click());
    const [admin, member] = await Promise.all([apiUser(request), apiUser(request)]);
    const groupId = await studyGroup(request, admin, member);

    // --- the admin completes the study with the showcase on ---
    const a = await personPage(browser, admin, options);
    await a.page.goto(`/groups/${groupId}`);
    await expect(a.page.getByRole('button', { name: '프로젝트 완료' })).toHaveCount(0);
    await tap(a.page.getByRole('button', { name: '스터디 완료' }));
    const dialog = a.page.getByRole('dialog', { name: '스터디 완료' });
    await dialog.getByLabel('결과 요약').fill('8주 동안 알고리즘 문제 120개를 풀었습니다.');
    await tap(dialog.getByRole('switch', { name: '쇼케이스에 공개' }));
    await tap(dialog.getByRole('button', { name: '다음' }));
    await tap(dialog.getByTestId('complete-confirm').getByRole('button', { name: '완료하기' }));
    const done = a.page.getByTestId('completed-group');
    await expect(done).toContainText('완료됨');
    await expect(done).toContainText(`${seoulDate(0).replaceAll('-', '.')} 완료`);
    await expect(a.page.getByRole('button', { name: '스터디 완료' })).toHaveCount(0);

    // --- the member leaves; the group page is closed to them, the 팀원 평가 page keeps their consent ---
    await ok(request.delete(`/api/groups/${groupId}/leave`, { headers: auth(member) }));
    const m = await personPage(browser, member, options);
    expect((await m.page.request.get(`/api/groups/${groupId}`, { headers: auth(member) })).status()).toBe(403);
    await m.page.goto(`/groups/${groupId}/reviews`);
    const mine = m.page.getByTestId('my-showcase');
    const consent = mine.getByRole('switch', { name: CONSENT });
    await expect(consent).toHaveAttribute('aria-checked', 'false');
    expect(await (await showcaseMembers(m.page, groupId)).textContent()).not.toContain(member.nickname);
    await m.page.goto(`/groups/${groupId}/reviews`);
    await tap(consent);
    await expect(consent).toHaveAttribute('aria-checked', 'true');
    await expect(consent).toBeEnabled();
    // in the app: the showcase page reads the change
    await tap(mine.getByRole('link', { name: '쇼케이스 보기' }));
    await expect(m.page).toHaveURL(new RegExp(`/showcase/${groupId}$`));
    await expect(m.page.getByTestId('showcase-members').getByRole('listitem')).toHaveText([member.nickname]);
    // and as a page loaded afresh
    await expect((await showcaseMembers(m.page, groupId)).getByRole('listitem')).toHaveText([member.nickname]);
    // withdrawn again
    await m.page.goto(`/groups/${groupId}/reviews`);
    await tap(consent);
    await expect(consent).toHaveAttribute('aria-checked', 'false');
    await expect(consent).toBeEnabled();
    await expect(await showcaseMembers(m.page, groupId)).toHaveText('이름 공개에 동의한 팀원이 없습니다.');

    // --- a review the server refuses keeps what was typed ---
    await a.page.goto(`/groups/${groupId}/reviews`);
    const form = a.page.getByRole('form', { name: `${member.nickname} 평가` });
    await tap(form.getByRole('button', { name: '책임감' }));
    await form.getByLabel('코멘트 (선택)').fill('끝까지 같이 풀어줘서 고마웠어요.');
    // the same review sent meanwhile from elsewhere
    await ok(
      request.post(`/api/groups/${groupId}/reviews`, {
        headers: auth(admin),
        data: { revieweeId: member.id, tags: ['COMMUNICATIVE'], comment: null },
      }),
      201,
    );
    await tap(form.getByRole('button', { name: '평가 남기기' }));
    await expect(form.getByRole('alert')).toHaveText('이미 평가한 팀원입니다.');
    await expect(form.getByRole('button', { name: '책임감' })).toHaveAttribute('aria-pressed', 'true');
    await expect(form.getByLabel('코멘트 (선택)')).toHaveValue('끝까지 같이 풀어줘서 고마웠어요.');

    // --- the record line explains its numbers on a tap ---
    await a.page.goto(`/groups/${groupId}/members`);
    const row = a.page.getByTestId('member-row').filter({ hasText: admin.nickname });
    await expect(row.getByTestId('record-line')).toHaveText('참여 1 · 완료 1 · 중도 이탈 0');
    const help = row.getByTestId('record-help');
    await expect(help).toBeHidden();
    const why = row.getByRole('button', { name: '기록 숫자 설명' });
    const box = (await why.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await tap(why);
    await expect(why).toHaveAttribute('aria-expanded', 'true');
    await expect(help).toBeVisible();
    await expect(help).toContainText('중도 이탈: 완료 전에 탈퇴했거나 추방된 그룹');
    await tap(why);
    await expect(help).toBeHidden();

    // --- the admin takes the showcase down from the group page ---
    await a.page.goto(`/groups/${groupId}`);
    const shown = a.page.getByTestId('completed-group').getByRole('switch', { name: '쇼케이스에 공개' });
    await expect(shown).toHaveAttribute('aria-checked', 'true');
    await tap(shown);
    await expect(shown).toHaveAttribute('aria-checked', 'false');
    await expect(shown).toBeEnabled();
    const gone = await a.page.goto(`/showcase/${groupId}`);
    expect(gone!.status()).toBe(404);
    // the member's page says so
    await m.page.goto(`/groups/${groupId}/reviews`);
    await expect(m.page.getByTestId('my-showcase')).toContainText('지금은 공개되지 않았어요');
    await expect(m.page.getByTestId('my-showcase').getByRole('link', { name: '쇼케이스 보기' })).toHaveCount(0);

    await Promise.all([a.context.close(), m.context.close()]);
  });
}
