import type { APIRequestContext } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// docs/api.md §10.5 in the browser: the search box says which other names it also finds, 정확도순 orders the
// results by the field that matched, the query stays in the URL, and the cards mark what matched.

function seoulDate(days: number) {
  return new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function apiRecruitment(request: APIRequestContext, user: ApiUser, title: string, description: string) {
  const res = await request.post('/api/recruitments', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { title, description, topic: '웹 서비스', totalMembers: 4, dueDate: seoulDate(10), tags: ['Spring'] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('hints, 정확도순 in the URL, and the matches marked in the cards', async ({ page, request }) => {
      const author = await apiUser(request);
      const u = unique();
      const keyword = `부트${u}`;
      // oldest: title by spacing; then: description as typed; newest: title as typed
      await apiRecruitment(request, author, `스터디 부트 ${u}`, '설명입니다');
      await apiRecruitment(request, author, `모집 안내 ${u}`, `우대: ${keyword} 경험`);
      await apiRecruitment(request, author, `${keyword} 모임`, '설명입니다');
      await loginWithToken(page, author);

      await page.goto('/recruitments');
      const box = page.getByLabel('검색어');
      await box.fill('리액트');
      await expect(page.getByTestId('search-hint')).toHaveText('React도 함께 찾습니다');
      await box.fill('ㅅㅍㄹ');
      await expect(page.getByTestId('search-hint')).toHaveText('초성으로 제목과 작성자를 찾습니다');
      await box.fill(keyword);
      await expect(page.getByTestId('search-hint')).toHaveText('');
      await page.getByRole('button', { name: '검색', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));

      const titles = page.getByTestId('post-grid').locator('h3');
      await expect(titles).toHaveText([`${keyword} 모임`, `모집 안내 ${u}`, `스터디 부트 ${u}`]);
      // what matched is marked, the spacing included; the description match has nothing to mark in its title
      await expect(titles.nth(0).locator('mark')).toHaveText(keyword);
      await expect(titles.nth(2).locator('mark')).toHaveText(`부트 ${u}`);
      await expect(titles.nth(1).locator('mark')).toHaveCount(0);

      await page.getByLabel('정렬').selectOption({ label: '정확도순' });
      await expect(page).toHaveURL(/order=relevance/);
      await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
      await expect(titles).toHaveText([`${keyword} 모임`, `스터디 부트 ${u}`, `모집 안내 ${u}`]);

      // the URL alone brings the same page back
      await page.reload();
      await expect(titles).toHaveText([`${keyword} 모임`, `스터디 부트 ${u}`, `모집 안내 ${u}`]);
      await expect(page.getByLabel('정렬')).toHaveValue('relevance');
    });
  });
}

test('the board search offers 정확도순 once there is a keyword, and keeps it in the URL', async ({ page, request }) => {
  const author = await apiUser(request);
  const u = unique();
  const keyword = `보드${u}`;
  const board = async (title: string, content: string) => {
    const res = await request.post('/api/boards', {
      headers: { Authorization: `Bearer ${author.token}` },
      data: { title, content, categoryId: 1 },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  // oldest: title by spacing; newest: content only
  await board(`안내 보드 ${u}`, '본문');
  await board(`질문 ${u}`, `${keyword} 질문입니다`);

  await page.goto('/boards');
  await expect(page.getByLabel('정렬')).toHaveCount(0);
  await page.getByLabel('검색어').fill(keyword);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  const titles = page.getByTestId('board-row').locator('a');
  await expect(titles).toHaveText([`질문 ${u}`, `안내 보드 ${u}`]);

  await page.getByLabel('정렬').selectOption({ label: '정확도순' });
  await expect(page).toHaveURL(/order=relevance/);
  await expect(titles).toHaveText([`안내 보드 ${u}`, `질문 ${u}`]);
  await page.reload();
  await expect(titles).toHaveText([`안내 보드 ${u}`, `질문 ${u}`]);
  await expect(page.getByLabel('정렬')).toHaveValue('relevance');
});
