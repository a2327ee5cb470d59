import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// List filters in the URL and bookmarks (관심 공고).

const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function apiRecruitment(request: APIRequestContext, user: ApiUser, title: string, tags: string[]) {
  const res = await request.post('/api/recruitments', {
    headers: auth(user),
    data: { title, description: '설명입니다', topic: '웹', totalMembers: 4, dueDate: seoulDate(10), tags },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** axe on the new page (the shared pages are in a11y.spec.ts): no serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  expect(serious).toEqual([]);
}

const cards = (page: Page) => page.getByTestId('post-grid').getByTestId('post-card');
const chip = (page: Page, name: string) => page.getByTestId('stack-chips').getByRole('button', { name, exact: true });

test('filter by two stacks and 모집 중만 보기; back and forward restore each state', async ({ page, request }) => {
  const author = await apiUser(request);
  const u = unique();
  // stacks nobody else uses, so only these posts match; each used twice, so they are among the popular chips
  const [a, b] = [`Alpha${u}`, `Beta${u}`];
  await apiRecruitment(request, author, `알파 하나 ${u}`, [a]);
  await apiRecruitment(request, author, `알파 둘 ${u}`, [a, 'React']);
  await apiRecruitment(request, author, `베타 하나 ${u}`, [b]);
  const closedId = await apiRecruitment(request, author, `베타 마감 ${u}`, [b]);
  await apiRecruitment(request, author, `감마 ${u}`, ['Gamma']);
  expect((await request.patch(`/api/recruitments/${closedId}/close`, { headers: auth(author) })).status()).toBe(200);

  await page.goto('/recruitments');
  await chip(page, a).click();
  await expect(page).toHaveURL(new RegExp(`stack=${a}`));
  await expect(cards(page)).toHaveCount(2);
  await chip(page, b).click();
  await expect(chip(page, a)).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, b)).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(4);
  await expect(page.getByTestId('post-grid').locator('[data-inactive="true"]')).toHaveCount(1);

  // the router applies the new URL in a transition: the box shows the state it reads from the URL a moment later
  await page.getByLabel('모집 중만 보기').click();
  await expect(page.getByLabel('모집 중만 보기')).toBeChecked();
  await expect(page).toHaveURL(/open=true/);
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByTestId('post-grid')).not.toContainText(`베타 마감 ${u}`);
  const shared = page.url();

  // back: two stacks without the toggle; back again: one stack
  await page.goBack();
  await expect(page.getByLabel('모집 중만 보기')).not.toBeChecked();
  await expect(cards(page)).toHaveCount(4);
  await expect(chip(page, b)).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(chip(page, b)).toHaveAttribute('aria-pressed', 'false');
  await expect(cards(page)).toHaveCount(2);
  await page.goForward();
  await page.goForward();
  await expect(page.getByLabel('모집 중만 보기')).toBeChecked();
  await expect(cards(page)).toHaveCount(3);

  // the URL is shareable: opened fresh, it shows the same list; a search keeps the filters
  await page.goto(shared);
  await expect(cards(page)).toHaveCount(3);
  await page.getByLabel('검색어').fill('알파');
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page).toHaveURL(/open=true/);
  await expect(cards(page)).toHaveCount(2);

  // order by views: the post viewed most comes first
  const viewed = await apiRecruitment(request, author, `조회 많은 ${u}`, [a]);
  await request.post(`/api/base-posts/${viewed}/view`);
  await page.goto(`/recruitments?stack=${a}&order=views`);
  await expect(page.getByLabel('정렬')).toHaveValue('views');
  await expect(cards(page).first()).toContainText(`조회 많은 ${u}`);
});

test('bookmark from a card, see it in 관심 공고 with the detail count, unbookmark; anonymous gets the login confirm', async ({
  page,
  request,
  dialogs,
}) => {
  const author = await apiUser(request);
  const me = await apiUser(request);
  const title = `관심 ${unique()}`;
  const id = await apiRecruitment(request, author, title, ['React']);

  // anonymous: the confirm, dismissed, leaves the page as it was
  await page.goto(`/recruitment/${id}`);
  dialogs.dismissNext();
  await page.getByRole('button', { name: /관심 공고/ }).click();
  await dialogs.expect('로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?');
  await expect(page).toHaveURL(new RegExp(`/recruitment/${id}$`));

  await loginWithToken(page, me);
  await page.goto(`/recruitments?stack=React&keyword=${encodeURIComponent(title)}&searchType=title`);
  const item = page.getByTestId('post-grid').getByRole('listitem').filter({ hasText: title });
  const button = item.getByRole('button', { name: /관심 공고/ });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.dblclick(); // a double click bookmarks once
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const state = await (await request.get(`/api/bookmarks/${id}`, { headers: auth(me) })).json();
  expect(state).toEqual({ postId: id, bookmarked: true, bookmarkCount: 1 });

  // 관심 공고 from the header menu
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('menuitem', { name: '관심 공고' }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  const kept = page.getByTestId('bookmark-grid').getByRole('listitem').filter({ hasText: title });
  await expect(kept).toHaveCount(1);
  await expectNoSeriousViolations(page);

  // the detail shows the count and the pressed state
  await kept.getByTestId('post-card').click();
  await expect(page).toHaveURL(new RegExp(`/recruitment/${id}$`));
  await expect(page.getByTestId('bookmark-count')).toHaveText('1');
  await expect(page.getByRole('button', { name: /관심 공고/ })).toHaveAttribute('aria-pressed', 'true');

  // a closed post stays in 관심 공고, greyed; unbookmarking removes it
  expect((await request.patch(`/api/recruitments/${id}/close`, { headers: auth(author) })).status()).toBe(200);
  await page.goto('/bookmarks');
  await expect(kept.locator('[data-inactive="true"]')).toHaveCount(1);
  await kept.getByRole('button', { name: /관심 공고/ }).click();
  await expect(kept).toHaveCount(0);
  await expect(page.getByText('관심 공고가 없습니다.')).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the chips scroll sideways inside the page and the toggle, order and bookmark buttons fit', async ({ page, request }) => {
    const author = await apiUser(request);
    const u = unique();
    for (let i = 0; i < 3; i++) {
      await apiRecruitment(request, author, `폰 필터 ${u} ${i}`, [`스택${u}${i}`, `LongStackName${i}`, 'TypeScript', 'Spring']);
    }
    await page.goto('/recruitments');
    const strip = page.getByTestId('stack-chips');
    await expect(strip.getByRole('button').first()).toBeVisible();
    const box = (await strip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // one row that scrolls, not a page that does
    const chipBoxes = await strip.getByRole('button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(new Set(chipBoxes.map(Math.round)).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const control of [page.getByLabel('모집 중만 보기'), page.getByLabel('정렬')]) {
      const b = (await control.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    const bookmark = page
      .getByTestId('post-grid')
      .getByRole('button', { name: /관심 공고/ })
      .first();
    const b = (await bookmark.boundingBox())!;
    expect(b.width).toBeGreaterThanOrEqual(40);
    expect(b.height).toBeGreaterThanOrEqual(40);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('recruitments-390.png') });
  });
});
