import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

const seoulToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });

/** A closed recruitment by `admin` turned into a group through the API; returns its ids. */
async function apiGroup(request: APIRequestContext, admin: ApiUser, name: string) {
  const dueDate = new Date(Date.now() + 9 * 3600_000 + 5 * 86_400_000).toISOString().slice(0, 10);
  const title = `그룹용 공고 ${unique()}`;
  const post = await request.post('/api/recruitments', {
    headers: auth(admin),
    data: { title, description: '설명', topic: '웹', totalMembers: 6, dueDate, tags: [] },
  });
  expect(post.status(), await post.text()).toBe(201);
  const postId = ((await post.json()) as { id: number }).id;
  expect((await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(admin) })).status()).toBe(200);
  const group = await request.post('/api/groups', {
    headers: auth(admin),
    data: { basePostId: postId, name, description: `${name} 설명` },
  });
  expect(group.status(), await group.text()).toBe(201);
  return { id: ((await group.json()) as { id: number }).id, postId, title };
}

async function apiInvite(request: APIRequestContext, admin: ApiUser, groupId: number, user: ApiUser) {
  const res = await request.post(`/api/groups/${groupId}/invite`, { headers: auth(admin), data: { nickname: user.nickname } });
  expect(res.status(), await res.text()).toBe(200);
}

async function switchUser(page: Page, user: ApiUser) {
  await loginWithToken(page, user);
  await page.reload();
}

const memberRow = (page: Page, nickname: string) => page.getByTestId('member-row').filter({ hasText: nickname });
const dayCell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);
const dayDialog = (page: Page) => page.getByRole('dialog');
const entry = (dialog: Locator, nickname: string) => dialog.getByTestId('schedule-entry').filter({ hasText: nickname });

async function addEntry(page: Page, date: string, content: string) {
  await dayCell(page, date).click();
  const dialog = dayDialog(page);
  await dialog.getByRole('button', { name: '일정 추가' }).click();
  await dialog.getByLabel('일정 내용').fill(content);
  await dialog.getByRole('button', { name: '등록' }).click();
  await expect(dialog.getByText(content)).toBeVisible();
}

test('the admin invites a user, who finds the group in my groups and NEW on the members page', async ({
  page,
  request,
  dialogs,
}) => {
  const admin = await apiUser(request);
  const invitee = await apiUser(request);
  const name = `초대 그룹 ${unique()}`;
  const group = await apiGroup(request, admin, name);

  await switchUser(page, admin);
  await page.goto(`/groups/${group.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(`${name} 설명`)).toBeVisible();
  await page.getByRole('button', { name: '멤버 보기' }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/members$`));
  await expect(memberRow(page, admin.nickname)).toContainText('관리자');
  // the admin's own row has no action (its only button explains the record numbers)
  await expect(memberRow(page, admin.nickname).getByRole('button', { name: /추방|탈퇴/ })).toHaveCount(0);

  await page.getByRole('button', { name: '초대하기' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '초대', exact: true }).click();
  await dialogs.expect('닉네임을 입력하세요.');
  await page.getByLabel('초대할 닉네임').fill(`  ${invitee.nickname.toUpperCase()} `);
  await page.getByRole('dialog').getByRole('button', { name: '초대', exact: true }).click();
  await dialogs.expect(`${invitee.nickname.toUpperCase()}님을 그룹에 초대하시겠습니까?`);
  await dialogs.expect('초대가 성공적으로 완료되었습니다.');
  await expect(memberRow(page, invitee.nickname)).toContainText('멤버');
  await expect(memberRow(page, invitee.nickname)).toContainText('NEW');
  await expect(memberRow(page, invitee.nickname).getByRole('button', { name: '추방' })).toBeVisible();

  // inviting the same person again: the server's text
  await page.getByRole('button', { name: '초대하기' }).click();
  await page.getByLabel('초대할 닉네임').fill(invitee.nickname);
  await page.getByRole('dialog').getByRole('button', { name: '초대', exact: true }).click();
  await dialogs.expect('이미 그룹에 존재하는 사용자입니다.');
  await page.getByRole('dialog').getByRole('button', { name: '취소' }).click();

  await switchUser(page, invitee);
  await page.goto('/my-groups');
  const card = page.getByTestId('my-group').filter({ hasText: name });
  await expect(card).toContainText('프로젝트');
  await expect(card).toContainText(`${name} 설명`);
  await expect(card.getByRole('button', { name: '탈퇴' })).toBeVisible();
  await expect(card.getByRole('button', { name: '수정' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: '삭제' })).toHaveCount(0);
  await card.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await page.getByRole('button', { name: '멤버 보기' }).click();
  await expect(memberRow(page, invitee.nickname)).toContainText('NEW');
  await expect(memberRow(page, invitee.nickname).getByRole('button', { name: '탈퇴' })).toBeVisible();
  await expect(page.getByRole('button', { name: '초대하기' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '추방' })).toHaveCount(0);
  await page.getByRole('button', { name: '뒤로가기' }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
});

test('two members add entries on the same day; each edits and deletes only their own', async ({ page, request, dialogs }) => {
  const admin = await apiUser(request);
  const member = await apiUser(request);
  const group = await apiGroup(request, admin, `달력 그룹 ${unique()}`);
  await apiInvite(request, admin, group.id, member);
  const today = seoulToday();

  await switchUser(page, member);
  await page.goto(`/groups/${group.id}`);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  await expect(page.getByRole('heading', { name: `${year}년 ${month}월` })).toBeVisible();
  await expect(dayCell(page, today)).toHaveAttribute('aria-current', 'date');
  await dayCell(page, today).click();
  await expect(dayDialog(page).getByText('등록된 일정이 없습니다.')).toBeVisible();
  await dayDialog(page).getByRole('button', { name: '닫기', exact: true }).last().click();
  await addEntry(page, today, '멤버의 회의 준비');
  await dayDialog(page).getByRole('button', { name: '닫기', exact: true }).last().click();
  await expect(dayCell(page, today)).toContainText(member.nickname);

  await switchUser(page, admin);
  await page.goto(`/groups/${group.id}`);
  await addEntry(page, today, '관리자의 발표 자료');
  let dialog = dayDialog(page);
  await expect(dialog.getByRole('button', { name: '일정 추가' })).toHaveCount(0);
  await expect(entry(dialog, member.nickname).getByRole('button')).toHaveCount(0);
  await entry(dialog, admin.nickname).getByRole('button', { name: '수정' }).click();
  await dialog.getByLabel('일정 내용').fill('관리자의 바뀐 일정');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(entry(dialog, admin.nickname)).toContainText('관리자의 바뀐 일정');
  await page.keyboard.press('Escape');
  await expect(dayCell(page, today)).toContainText(admin.nickname);
  await expect(dayCell(page, today)).toContainText(member.nickname);

  await switchUser(page, member);
  await page.goto(`/groups/${group.id}`);
  await dayCell(page, today).click();
  dialog = dayDialog(page);
  await expect(entry(dialog, admin.nickname)).toContainText('관리자의 바뀐 일정');
  await expect(entry(dialog, admin.nickname).getByRole('button')).toHaveCount(0);
  await entry(dialog, member.nickname).getByRole('button', { name: '삭제' }).click();
  await dialogs.expect('일정을 삭제하시겠습니까?');
  await expect(entry(dialog, member.nickname)).toHaveCount(0);
  await expect(entry(dialog, admin.nickname)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '일정 추가' })).toBeVisible();

  // the next and previous month
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '다음 달' }).click();
  const next = month === 12 ? `${year + 1}년 1월` : `${year}년 ${month + 1}월`;
  await expect(page.getByRole('heading', { name: next })).toBeVisible();
  await page.getByRole('button', { name: '이전 달' }).click();
  await expect(page.getByRole('heading', { name: `${year}년 ${month}월` })).toBeVisible();
});

test('a busy day shows three names and + N more; the calendar works at 390 px and from the keyboard', async ({
  page,
  request,
}) => {
  const admin = await apiUser(request);
  const group = await apiGroup(request, admin, `붐비는 그룹 ${unique()}`);
  const today = seoulToday();
  const others = [await apiUser(request), await apiUser(request), await apiUser(request)];
  for (const u of [admin, ...others]) {
    if (u !== admin) await apiInvite(request, admin, group.id, u);
    const res = await request.post('/api/schedules', {
      headers: auth(u),
      data: { groupId: group.id, content: `${u.nickname} 일정`, date: today },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await switchUser(page, admin);
  await page.goto(`/groups/${group.id}`);
  const cell = dayCell(page, today);
  await expect(cell).toContainText('+ 1 more');
  const box = (await cell.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // arrow keys move a week at a time and back; Enter opens the focused day
  await cell.focus();
  const [away, back] = Number(today.slice(8)) <= 21 ? ['ArrowDown', 'ArrowUp'] : ['ArrowUp', 'ArrowDown'];
  await page.keyboard.press(away);
  await expect(cell).not.toBeFocused();
  await page.keyboard.press(back);
  await expect(cell).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = dayDialog(page);
  await expect(dialog.getByTestId('schedule-entry')).toHaveCount(4);
  const dbox = (await dialog.boundingBox())!;
  expect(dbox.x).toBeGreaterThanOrEqual(0);
  expect(dbox.x + dbox.width).toBeLessThanOrEqual(390);
  expect(dbox.y + dbox.height).toBeLessThanOrEqual(844);
  await expect(dialog).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cell).toBeFocused();
});

test('the admin kicks a member, who then gets 403; another member leaves', async ({ page, request, dialogs }) => {
  const admin = await apiUser(request);
  const kicked = await apiUser(request);
  const leaver = await apiUser(request);
  const name = `추방 그룹 ${unique()}`;
  const group = await apiGroup(request, admin, name);
  await apiInvite(request, admin, group.id, kicked);
  await apiInvite(request, admin, group.id, leaver);

  await switchUser(page, admin);
  await page.goto(`/groups/${group.id}/members`);
  await memberRow(page, kicked.nickname).getByRole('button', { name: '추방' }).click();
  await dialogs.expect(`${kicked.nickname}님을 그룹에서 추방하시겠습니까?`);
  await dialogs.expect('추방 완료');
  await expect(memberRow(page, kicked.nickname)).toHaveCount(0);

  await switchUser(page, kicked);
  await page.goto(`/groups/${group.id}`);
  await expect(page.getByText('그룹 정보를 불러오지 못했습니다.')).toBeVisible();
  await expect(page.getByText('그룹의 일원이 아닙니다.')).toBeVisible();
  await page.goto('/my-groups');
  await expect(page.getByText('참여 중인 그룹이 없습니다.')).toBeVisible();

  await switchUser(page, leaver);
  await page.goto(`/groups/${group.id}/members`);
  await memberRow(page, leaver.nickname).getByRole('button', { name: '탈퇴' }).click();
  await dialogs.expect('정말 그룹에서 탈퇴하시겠습니까?');
  await dialogs.expect('그룹에서 탈퇴하였습니다.');
  await expect(page).toHaveURL(/\/my-groups$/);
  await expect(page.getByTestId('my-group').filter({ hasText: name })).toHaveCount(0);
});

test('the admin edits and deletes the group from my groups, and the post is back in my posts', async ({
  page,
  request,
  dialogs,
}) => {
  const admin = await apiUser(request);
  const member = await apiUser(request);
  const name = `정리할 그룹 ${unique()}`;
  const group = await apiGroup(request, admin, name);
  await apiInvite(request, admin, group.id, member);

  // a member leaves from my groups
  await switchUser(page, member);
  await page.goto('/my-groups');
  await page.getByTestId('my-group').filter({ hasText: name }).getByRole('button', { name: '탈퇴' }).click();
  await dialogs.expect('그룹 탈퇴 완료');
  await expect(page.getByTestId('my-group').filter({ hasText: name })).toHaveCount(0);

  await switchUser(page, admin);
  await page.goto('/my-posts');
  await expect(page.getByText(group.title)).toHaveCount(0);
  await page.goto('/my-groups');
  const card = page.getByTestId('my-group').filter({ hasText: name });
  await card.getByRole('button', { name: '수정' }).click();
  await page.getByLabel('그룹 이름').fill('ab');
  await page.getByRole('button', { name: '수정하기' }).click();
  await dialogs.expect('그룹 이름은 3자 이상 50자 이하로 입력해주세요.');
  const renamed = `  새 이름 ${unique()}  `;
  await page.getByLabel('그룹 이름').fill(renamed);
  await page.getByLabel('그룹 설명').fill('  새 설명  ');
  await page.getByRole('button', { name: '수정하기' }).click();
  await dialogs.expect('그룹의 정보가 성공적으로 수정되었습니다.');
  const newCard = page.getByTestId('my-group').filter({ hasText: renamed.trim() });
  await expect(newCard).toContainText('새 설명');

  await newCard.getByRole('button', { name: '삭제' }).click();
  await dialogs.expect(`정말 '${renamed.trim()}' 그룹을 삭제하시겠습니까?`);
  await dialogs.expect('그룹 삭제 완료');
  await expect(page.getByTestId('my-group')).toHaveCount(0);
  await page.goto('/my-posts');
  await expect(page.getByTestId('my-post').filter({ hasText: group.title })).toBeVisible();
  await expect(page.getByTestId('my-post').filter({ hasText: group.title })).toContainText('1/6명');
});

test('members and my groups without a token: 로그인이 필요합니다. and the login page', async ({ page, dialogs }) => {
  for (const path of ['/my-groups', '/groups/1/members', '/groups/1']) {
    await page.goto(path);
    await dialogs.expect('로그인이 필요합니다.');
    await expect(page).toHaveURL(/\/login/);
    dialogs.messages.length = 0;
  }
});
