import type { APIRequestContext, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, settled, test, unique, type ApiUser } from './fixtures';

/** Seoul date `days` from today as YYYY-MM-DD (what the server and the D-day use). */
function seoulDate(days: number) {
  return new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
/** The same date as the app shows it (one style: YYYY.MM.DD). */
const shown = (iso: string) => iso.replaceAll('-', '.');
/** The same date as the picker's MM/dd/yyyy text. */
const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });

async function apiRecruitment(request: APIRequestContext, user: ApiUser, title: string, dueDays: number) {
  const res = await request.post('/api/recruitments', {
    headers: auth(user),
    data: { title, description: '설명입니다', topic: '웹 서비스', totalMembers: 4, dueDate: seoulDate(dueDays), tags: ['React'] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function apiStudyGroup(request: APIRequestContext, user: ApiUser, title: string) {
  const res = await request.post('/api/study-groups', {
    headers: auth(user),
    data: {
      title,
      description: '같이 공부해요',
      topic: '알고리즘',
      totalMembers: 5,
      dueDate: seoulDate(10),
      startDate: seoulDate(11),
      endDate: seoulDate(40),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function switchUser(page: Page, user: ApiUser) {
  await loginWithToken(page, user);
  await page.reload();
}

test('author posts through the forms, applicants apply, the author decides, closes and makes a group', async ({
  page,
  request,
  dialogs,
}) => {
  test.setTimeout(120_000);
  const author = await apiUser(request);
  const approved = await apiUser(request);
  const rejected = await apiUser(request);
  const title = `팀원 모집 ${unique()}`;
  const studyTitle = `스터디 모집 ${unique()}`;

  // --- the project form: required fields, date check, headcount clamp, tags
  await switchUser(page, author);
  await page.goto('/recruitments');
  await page.getByRole('button', { name: '공고 등록' }).click();
  await expect(page).toHaveURL(/\/recruitment\/register$/);
  await page.getByRole('button', { name: '등록하기' }).click();
  await dialogs.expect('모든 항목을 정확히 입력해주세요.');

  await page.getByLabel('제목').fill(title);
  const due = page.getByLabel('마감일', { exact: true });
  await due.fill('13/45/2026');
  await due.blur();
  await expect(page.getByText('Date input not valid.')).toBeVisible();
  await due.fill(mdy(seoulDate(10)));
  await expect(page.getByText('Date input not valid.')).toBeHidden();
  await page.getByLabel('주제').fill('웹 서비스');
  const members = page.getByLabel('모집 인원');
  await members.fill('1');
  await members.blur();
  await expect(members).toHaveValue('2');
  await members.fill('4');
  const tagBox = page.getByLabel('기술 태그', { exact: true });
  await tagBox.fill('리액트');
  await tagBox.press('Enter');
  await tagBox.fill('  리액트 ');
  await tagBox.press('Enter');
  await tagBox.fill('Node');
  await tagBox.press('Enter');
  await tagBox.fill('Spring');
  await tagBox.press('Enter');
  await page.getByRole('button', { name: 'Node 삭제' }).click();
  await expect(page.getByRole('list', { name: '기술 태그 목록' }).getByRole('listitem')).toHaveText(['#리액트 ×', '#Spring ×']);
  await page.getByLabel('설명').fill('함께 서비스를 만들 팀원을 찾습니다.');
  await page.getByRole('button', { name: '등록하기' }).click();
  await dialogs.expect('공고가 등록되었습니다.');
  await expect(page).toHaveURL(/\/recruitment\/\d+$/);
  const recruitmentUrl = new URL(page.url()).pathname;
  const recruitmentId = Number(recruitmentUrl.split('/').pop());
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('post-모집 인원')).toHaveText('1/4명');
  await expect(page.getByTestId('post-연락처')).toHaveText('010-1234-5678');
  await expect(page.getByTestId('dday-badge')).toHaveText('D-10');
  await expect(page.getByRole('list', { name: '태그' })).toContainText('#Spring');
  // the author gets the menu, not the apply button
  await expect(page.getByRole('button', { name: '지원하기' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '공고 관리' })).toBeVisible();

  // --- the study-group form: end must be after start
  await page.goto('/study-groups');
  await page.getByRole('button', { name: '공고 등록' }).click();
  await page.getByLabel('제목').fill(studyTitle);
  await page.getByLabel('주제').fill('알고리즘');
  await page.getByLabel('모집 인원').fill('3');
  await page.getByLabel('마감일', { exact: true }).fill(mdy(seoulDate(5)));
  await page.getByLabel('스터디 시작일', { exact: true }).fill(mdy(seoulDate(20)));
  await page.getByLabel('스터디 종료일', { exact: true }).fill(mdy(seoulDate(10)));
  await page.getByLabel('설명').fill('매주 두 문제씩 풉니다.');
  await page.getByRole('button', { name: '등록하기' }).click();
  await dialogs.expect('스터디 종료일은 시작일보다 이후여야 합니다.');
  await page.getByLabel('스터디 종료일', { exact: true }).fill(mdy(seoulDate(50)));
  await page.getByRole('button', { name: '등록하기' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '공고가 등록되었습니다.').length).toBe(2);
  await expect(page).toHaveURL(/\/study-group\/\d+$/);
  await expect(page.getByTestId('post-스터디 기간')).toHaveText(`${shown(seoulDate(20))} ~ ${shown(seoulDate(50))}`);
  await expect(page.getByTestId('dday-badge')).toHaveAttribute('data-tone', 'red');

  // --- an applicant without a profile is sent to register one, then applies
  await switchUser(page, approved);
  await page.goto(recruitmentUrl);
  await page.getByRole('button', { name: '지원하기' }).click();
  await dialogs.expect('지원 정보가 존재하지 않습니다...');
  await expect(page).toHaveURL(/\/application-info\/register$/);
  await page.getByLabel('연락처 2번째 자리').pressSequentially('98a76');
  await expect(page.getByLabel('연락처 2번째 자리')).toHaveValue('9876');
  await page.getByLabel('연락처 3번째 자리').fill('5432');
  await page.getByRole('button', { name: '등록하기' }).click();
  await dialogs.expect('분야를 입력해주세요.');
  await page.getByLabel('분야').fill('프론트엔드');
  const skills = page.getByLabel('기술 스택', { exact: true });
  for (const s of ['TypeScript', ' React ', 'React']) {
    await skills.fill(s);
    await skills.press('Enter');
  }
  await page.getByRole('button', { name: '등록하기' }).click();
  await dialogs.expect('지원 정보가 등록되었습니다.');
  await expect(page).toHaveURL(/\/myinfo$/);
  await expect(page.getByTestId('profile-contact')).toHaveText('010-9876-5432');
  await expect(page.getByTestId('profile-skills').getByRole('listitem')).toHaveText(['TypeScript', 'React']);
  await expect(page.getByText('지원한 공고가 없습니다.')).toBeVisible();

  await page.goto(recruitmentUrl);
  // a double click sends one application; the button then says so, also after a reload
  await page.getByRole('button', { name: '지원하기' }).dblclick();
  await dialogs.expect('지원이 완료되었습니다.');
  await expect(page.getByRole('button', { name: '지원 완료' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('button', { name: '지원 완료' })).toBeDisabled();
  expect(dialogs.messages.filter((m) => m.startsWith('지원 실패'))).toEqual([]);

  // the second applicant keeps a private contact and applies through the API
  const profile = await request.post('/api/user-info', {
    headers: auth(rejected),
    data: { contact: '비공개', field: '백엔드', techStacks: ['Java'] },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const applied = await request.post('/api/applications', { headers: auth(rejected), data: { recruitmentId } });
  expect(applied.status(), await applied.text()).toBe(201);

  // --- the author sees both applicants and decides
  await switchUser(page, author);
  await page.goto('/my-posts');
  await expect(page.getByRole('heading', { name: '내 공고 리스트' })).toBeVisible();
  const myCard = page.getByTestId('my-post').filter({ hasText: title });
  await expect(myCard).toContainText('지원자 2명');
  await myCard.getByRole('button', { name: '지원자 보기' }).click();
  await expect(page).toHaveURL(new RegExp(`/applicants/${recruitmentId}$`));
  await expect(page.getByRole('heading', { name: `${title} 지원자 현황` })).toBeVisible();
  await expect(page.getByTestId('applicant')).toHaveCount(2);
  const approvedCard = page.getByTestId('applicant').filter({ hasText: approved.nickname });
  const rejectedCard = page.getByTestId('applicant').filter({ hasText: rejected.nickname });
  await expect(approvedCard).toContainText('010-9876-5432');
  await expect(rejectedCard).toContainText('비공개');
  await approvedCard.getByRole('button', { name: '승인' }).click();
  await dialogs.expect('이 지원자를 승인하시겠습니까?');
  await dialogs.expect('지원이 승인되었습니다.');
  await expect(approvedCard).toContainText('승인됨');
  await rejectedCard.getByRole('button', { name: '거부' }).click();
  await dialogs.expect('이 지원자를 거부하시겠습니까?');
  await dialogs.expect('지원이 거부되었습니다.');
  await expect(rejectedCard).toContainText('거부됨');
  await expect(page.getByRole('button', { name: '승인' })).toHaveCount(0);

  // --- the applicants see the decisions in their history
  await switchUser(page, approved);
  await page.goto('/myinfo');
  const approvedStatus = page.getByTestId('application-row').filter({ hasText: title }).getByTestId('application-status');
  await expect(approvedStatus).toHaveText('승인');
  await expect(approvedStatus).toHaveClass(/text-green-600/);
  await switchUser(page, rejected);
  await page.goto('/myinfo');
  const rejectedStatus = page.getByTestId('application-row').filter({ hasText: title }).getByTestId('application-status');
  await expect(rejectedStatus).toHaveText('거부');
  await expect(rejectedStatus).toHaveClass(/text-red-600/);

  // --- the author closes the post: the list after 2 s, the card greyed
  await switchUser(page, author);
  await page.goto(recruitmentUrl);
  await page.getByRole('button', { name: '공고 관리' }).click();
  await page.getByRole('menuitem', { name: '마감' }).click();
  await dialogs.expect('프로젝트 모집 공고가 마감되었습니다.');
  await expect(page).toHaveURL(/\/recruitments$/, { timeout: 5000 });
  await expect(page.getByTestId('post-card').filter({ hasText: title })).toHaveAttribute('data-inactive', 'true');

  // the closed post cannot be opened any more; the approved applicant sees it greyed in the history
  await page.goto(recruitmentUrl);
  await dialogs.expect('공고 정보를 불러오는 데 실패했습니다.');
  await expect(page).toHaveURL(/\/recruitments$/);

  // --- a group from the closed post
  await page.goto('/my-posts');
  const closedCard = page.getByTestId('my-post').filter({ hasText: title });
  await expect(closedCard).toHaveAttribute('data-inactive', 'true');
  await closedCard.getByRole('button', { name: '그룹 생성' }).click();
  const groupName = `우리팀 ${unique()}`;
  await page.getByLabel('그룹 이름').fill(groupName);
  await page.getByLabel('그룹 설명').fill('프로젝트 진행 그룹');
  await page.getByRole('button', { name: '생성하기' }).click();
  await dialogs.expect('그룹이 생성되었습니다.');
  await expect(page.getByRole('link', { name: '그룹 페이지로 이동' })).toHaveAttribute('href', /\/groups\/\d+$/);
  await expect(page.getByTestId('my-post').filter({ hasText: title })).toHaveCount(0);
  // the offered link opens the new group, with the approved applicant among its members
  await page.getByRole('link', { name: '그룹 페이지로 이동' }).click();
  await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '멤버 보기' }).click();
  await expect(page.getByTestId('member-row').filter({ hasText: approved.nickname })).toContainText('멤버');
});

test('search needs two characters and finds a post by a two-letter Korean keyword', async ({ page, request, dialogs }) => {
  const author = await apiUser(request);
  const word = `뷁${String.fromCharCode(0xac00 + Math.floor(Math.random() * 11000))}`;
  const title = `검색 ${word} ${unique()}`;
  await apiRecruitment(request, author, title, 15);
  await apiStudyGroup(request, author, `스터디 ${word} ${unique()}`);

  await page.goto('/recruitments');
  await page.getByLabel('검색어').fill(' 뷁 ');
  await page.getByRole('button', { name: '검색' }).click();
  await dialogs.expect('검색어는 최소 두 글자 이상 입력해주세요.');
  await page.getByLabel('검색어').fill(word);
  await page.getByLabel('검색 조건').selectOption('title');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByTestId('post-card')).toHaveCount(1);
  await expect(page.getByTestId('post-card')).toContainText(title);

  await page.getByLabel('검색 조건').selectOption('creator');
  await page.getByLabel('검색어').fill(author.nickname);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByTestId('post-card')).toHaveCount(1);

  await page.goto('/study-groups');
  await page.getByLabel('검색어').fill('뷁');
  await page.getByRole('button', { name: '검색' }).click();
  await dialogs.expect('검색어는 두 글자 이상 입력해주세요.');
  await page.getByLabel('검색어').fill(word);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByTestId('post-card')).toHaveCount(1);
  await expect(page.getByTestId('post-card')).toContainText(author.nickname);

  // registering while logged out asks to log in
  dialogs.dismissNext();
  await page.getByRole('button', { name: '공고 등록' }).click();
  await dialogs.expect('로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?');
  await expect(page).toHaveURL(/\/study-groups/);
  await page.getByRole('button', { name: '공고 등록' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('D-day badges: red within 7 days, yellow within 30 on the detail, grey beyond; one view per browser', async ({
  page,
  request,
}) => {
  const author = await apiUser(request);
  const tag = unique();
  const posts = [
    { days: 3, detail: 'red', card: 'red' },
    { days: 20, detail: 'yellow', card: 'gray' },
    { days: 60, detail: 'gray', card: 'gray' },
  ];
  const ids: number[] = [];
  for (const p of posts) ids.push((await apiRecruitment(request, author, `디데이 ${p.days} ${tag}`, p.days)).id);

  for (const [i, p] of posts.entries()) {
    await page.goto(`/recruitment/${ids[i]}`);
    const badge = page.getByTestId('dday-badge');
    await expect(badge).toHaveText(`D-${p.days}`);
    await expect(badge).toHaveAttribute('data-tone', p.detail);
    await expect(badge).toHaveClass(new RegExp(`text-${p.detail === 'gray' ? 'gray' : p.detail === 'red' ? 'red' : 'yellow'}-`));
    await expect(page.getByTestId('post-조회수')).toHaveText('1');
    expect(await page.evaluate((k) => localStorage.getItem(k), `viewed-recruitment-${ids[i]}`)).not.toBeNull();
  }
  // a second visit from the same browser is not counted
  await page.goto(`/recruitment/${ids[0]}`);
  await expect(page.getByTestId('post-조회수')).toHaveText('1');
  // an anonymous visitor does not see the contact
  await expect(page.getByTestId('post-연락처')).toHaveText('로그인 후 확인할 수 있습니다.');

  await page.goto('/recruitments');
  for (const [i, p] of posts.entries()) {
    const card = page.getByTestId('post-card').filter({ hasText: `디데이 ${p.days} ${tag}` });
    await expect(card.getByTestId('dday-badge')).toHaveText(`D-${p.days}`);
    await expect(card.getByTestId('dday-badge')).toHaveAttribute('data-tone', p.card);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/recruitment/${ids[i]}$`));
    await page.goBack();
  }

  // viewed posts are popular on the home page, with their deadline badge
  await page.goto('/');
  const popular = page.getByTestId('popular-card').filter({ hasText: `디데이 3 ${tag}` });
  await expect(popular.getByTestId('dday-badge')).toHaveAttribute('data-tone', 'red');
  await popular.click();
  await expect(page).toHaveURL(new RegExp(`/recruitment/${ids[0]}$`));
});

test('a view just counted shows at once on the list card and in the home popular section', async ({ page, request }) => {
  const author = await apiUser(request);
  const title = `방금 본 공고 ${unique()}`;
  const { id } = await apiRecruitment(request, author, title, 12);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: '인기 프로젝트 공고' })).toBeVisible();
  await expect(page.getByTestId('popular-card').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('button', { name: /PROJECT/ }).click();
  const card = page.getByTestId('post-card').filter({ hasText: title });
  await expect(card).toContainText('조회 0');

  // other visitors see it meanwhile (enough views to rank among the 4 most viewed)
  for (let i = 0; i < 12; i++) {
    const res = await request.post(`/api/base-posts/${id}/view`, {
      headers: { 'x-forwarded-for': `10.250.${i}.${Math.floor(Math.random() * 250) + 1}` },
    });
    expect(res.status()).toBe(204);
  }
  await card.click();
  await expect(page.getByTestId('post-조회수')).toHaveText('13');
  await page.getByRole('button', { name: '뒤로가기' }).click();
  await expect(page).toHaveURL(/\/recruitments$/);
  await expect(card).toContainText('조회 13');

  await page.getByRole('link', { name: '팀메이트' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('popular-card').filter({ hasText: title })).toContainText('조회 13');
});

test('editing keeps the stored values, study groups close at once, delete, messaging the author, IME-safe tags', async ({
  page,
  request,
  dialogs,
}) => {
  const author = await apiUser(request);
  const visitor = await apiUser(request);
  const title = `수정할 공고 ${unique()}`;
  const { id } = await apiRecruitment(request, author, title, 15);
  const study = await apiStudyGroup(request, author, `마감할 스터디 ${unique()}`);

  // an anonymous visitor is asked to log in before applying
  await page.goto(`/recruitment/${id}`);
  await page.getByRole('button', { name: '지원하기' }).click();
  await dialogs.expect('로그인이 필요합니다.');
  await expect(page).toHaveURL(/\/login/);

  // a logged-in visitor writes to the author with the shared compose dialog
  await switchUser(page, visitor);
  await page.goto(`/recruitment/${id}`);
  await page.getByRole('button', { name: '쪽지 보내기' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('받는 사람:')).toHaveValue(author.nickname);
  await dialog.getByLabel('쪽지 내용:').fill('지원 전에 궁금한 점이 있어요');
  await dialog.getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('쪽지가 성공적으로 전송되었습니다.');

  // the author edits: the form starts from the stored post
  await switchUser(page, author);
  await page.goto(`/recruitment/${id}`);
  await page.getByRole('button', { name: '공고 관리' }).click();
  await page.getByRole('menuitem', { name: '수정' }).click();
  await expect(page).toHaveURL(new RegExp(`/recruitment/edit/${id}$`));
  await expect(page.getByLabel('제목')).toHaveValue(title);
  await expect(page.getByLabel('마감일', { exact: true })).toHaveValue(mdy(seoulDate(15)));
  await expect(page.getByLabel('모집 인원')).toHaveValue('4');
  const tagBox = page.getByLabel('기술 태그', { exact: true });
  // an Enter that only confirms a Hangul syllable adds nothing
  await tagBox.fill('스프링');
  await tagBox.evaluate((el) =>
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true })),
  );
  await expect(page.getByRole('list', { name: '기술 태그 목록' }).getByRole('listitem')).toHaveText(['#React ×']);
  await tagBox.press('Enter');
  await expect(page.getByRole('list', { name: '기술 태그 목록' }).getByRole('listitem')).toHaveText(['#React ×', '#스프링 ×']);
  await page.getByLabel('제목').fill(`${title} (수정)`);
  await page.getByRole('button', { name: '수정하기' }).click();
  await dialogs.expect('공고가 수정되었습니다.');
  await expect(page).toHaveURL(new RegExp(`/recruitment/${id}$`));
  await expect(page.getByRole('heading', { name: `${title} (수정)` })).toBeVisible();

  // delete goes back to the list
  await page.getByRole('button', { name: '공고 관리' }).click();
  await page.getByRole('menuitem', { name: '삭제' }).click();
  await dialogs.expect('공고가 삭제되었습니다.');
  await expect(page).toHaveURL(/\/recruitments$/);
  await expect(page.getByTestId('post-card').filter({ hasText: title })).toHaveCount(0);

  // a study group closes without the project's delay
  await page.goto(`/study-group/${study.id}`);
  await page.getByRole('button', { name: '공고 관리' }).click();
  await page.getByRole('menuitem', { name: '마감' }).click();
  await dialogs.expect('스터디 그룹 공고가 마감되었습니다.');
  await expect(page).toHaveURL(/\/study-groups$/, { timeout: 1500 });
});

test('a session that ends while a page is open: only 로그인이 필요합니다., no failure alert on top', async ({
  page,
  request,
  dialogs,
}) => {
  const author = await apiUser(request);
  const applicant = await apiUser(request);
  const { id } = await apiRecruitment(request, author, `세션 종료 ${unique()}`, 10);
  const profile = await request.post('/api/user-info', {
    headers: auth(applicant),
    data: { contact: '비공개', field: '백엔드', techStacks: [] },
  });
  expect(profile.status()).toBe(201);
  expect((await request.post('/api/applications', { headers: auth(applicant), data: { recruitmentId: id } })).status()).toBe(201);

  // the author's session ends (withdrawal in another tab) while the applicants page is open
  await switchUser(page, author);
  await page.goto(`/applicants/${id}`);
  const card = page.getByTestId('applicant').filter({ hasText: applicant.nickname });
  await expect(card).toBeVisible();
  await settled(page);
  expect((await request.delete(`/api/users/${author.id}`, { headers: auth(author) })).status()).toBe(200);
  await card.getByRole('button', { name: '승인' }).click();
  await dialogs.expect('이 지원자를 승인하시겠습니까?');
  await dialogs.expect('로그인이 필요합니다.');
  await expect(page).toHaveURL(/\/login/);

  // the same for the application profile form
  const other = await apiUser(request);
  await switchUser(page, other);
  await page.goto('/application-info/register');
  await page.getByLabel('분야').fill('프론트엔드');
  await settled(page);
  expect((await request.delete(`/api/users/${other.id}`, { headers: auth(other) })).status()).toBe(200);
  await page.getByRole('button', { name: '등록하기' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '로그인이 필요합니다.').length).toBe(2);
  await expect(page).toHaveURL(/\/login/);
  expect(dialogs.messages).toEqual(['이 지원자를 승인하시겠습니까?', '로그인이 필요합니다.', '로그인이 필요합니다.']);
});

test('a closed post’s card is greyed as a whole and cannot be opened, on both lists', async ({ page, request }) => {
  const author = await apiUser(request);
  const tag = unique();
  const closed = {
    recruitments: (await apiRecruitment(request, author, `닫힌 프로젝트 ${tag}`, 5)).id,
    'study-groups': (await apiStudyGroup(request, author, `닫힌 스터디 ${tag}`)).id,
  };
  await apiRecruitment(request, author, `열린 프로젝트 ${tag}`, 5);
  await apiStudyGroup(request, author, `열린 스터디 ${tag}`);
  for (const [kind, id] of Object.entries(closed))
    expect((await request.patch(`/api/${kind}/${id}/close`, { headers: auth(author) })).status()).toBe(200);

  for (const kind of Object.keys(closed)) {
    const list = `/${kind}?searchType=title&keyword=${tag}`;
    await page.goto(list);
    const card = page.getByTestId('post-card').filter({ hasText: `닫힌` });
    const open = page.getByTestId('post-card').filter({ hasText: `열린` });
    await expect(card).toHaveAttribute('data-inactive', 'true');
    await expect(card.getByText('마감', { exact: true })).toBeVisible();
    // one filter over the whole card greys everything in it: title, kind chip, tech chips, author, views
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return { filter: style.filter, opacity: Number(style.opacity) };
    };
    const greyed = await card.evaluate(look);
    expect(greyed.filter.includes('grayscale') || greyed.opacity < 1, JSON.stringify(greyed)).toBe(true);
    expect(await open.evaluate(look)).toEqual({ filter: 'none', opacity: 1 });
    // not a link, and a click stays on the list
    await expect(card.getByRole('link')).toHaveCount(0);
    await expect(card).not.toHaveAttribute('href');
    await card.getByRole('heading').click();
    await expect(page).toHaveURL(list);
    await expect(card).toBeVisible();
    // the open card next to it still opens
    await open.getByRole('heading').click();
    await expect(page).toHaveURL(new RegExp(`/${kind === 'recruitments' ? 'recruitment' : 'study-group'}/\\d+$`));
  }
});
