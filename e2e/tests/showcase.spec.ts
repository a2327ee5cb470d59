import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { apiUser, expect, test, unique, type ApiUser } from './fixtures';

const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
/** Today in Seoul in the pages' Korean form: 2025년 6월 1일. */
const koreanToday = () => {
  const [y, m, d] = seoulDate(0).split('-').map(Number);
  return `${y}년 ${m}월 ${d}일`;
};

interface Showcase {
  groupId: number;
  postId: number;
  postTitle: string;
  name: string;
  summary: string;
  resultUrl: string;
  admin: ApiUser;
  named: ApiUser;
  unnamed: ApiUser;
}

async function ok(res: Promise<import('@playwright/test').APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r;
}

/**
 * A finished project through the API: a closed recruitment made a group, two members invited, completed with
 * the showcase on; the admin and one member agree to be named, the other does not.
 */
async function finishedProject(request: APIRequestContext): Promise<Showcase> {
  const u = unique();
  const [admin, named, unnamed] = await Promise.all([
    apiUser(request, `쇼장${u}`),
    apiUser(request, `공개${u}`),
    apiUser(request, `숨김${u}`),
  ]);
  const postTitle = `쇼케이스 공고 ${u}`;
  const post = await ok(
    request.post('/api/recruitments', {
      headers: auth(admin),
      data: { title: postTitle, description: '설명', topic: '웹', totalMembers: 4, dueDate: seoulDate(5), tags: [] },
    }),
    201,
  );
  const postId = ((await post.json()) as { id: number }).id;
  await ok(request.patch(`/api/recruitments/${postId}/close`, { headers: auth(admin) }));
  const name = `완성 팀 ${u}`;
  const group = await ok(
    request.post('/api/groups', { headers: auth(admin), data: { basePostId: postId, name, description: '설명' } }),
    201,
  );
  const groupId = ((await group.json()) as { id: number }).id;
  for (const m of [named, unnamed])
    await ok(request.post(`/api/groups/${groupId}/invite`, { headers: auth(admin), data: { nickname: m.nickname } }));
  const summary = `8주 동안 동네 가게 재고 지도를 만들었습니다 ${u}. 지도에서 가게를 누르면 남은 물건이 보입니다.`;
  const resultUrl = `https://example.com/stock-map/${u}`;
  await ok(
    request.post(`/api/groups/${groupId}/complete`, { headers: auth(admin), data: { summary, resultUrl, showcase: true } }),
  );
  for (const m of [admin, named])
    await ok(request.put(`/api/groups/${groupId}/showcase-consent`, { headers: auth(m), data: { consent: true } }));
  return { groupId, postId, postTitle, name, summary, resultUrl, admin, named, unnamed };
}

const SIZES: Array<[string, BrowserContextOptions]> = [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['390 px', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
];

async function newPage(browser: Browser, options: BrowserContextOptions) {
  const ip = `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  return { context, page: await context.newPage() };
}

/** The detail as anyone sees it, with or without JavaScript. */
async function expectDetail(page: Page, s: Showcase) {
  await expect(page).toHaveTitle(`${s.name} - 쇼케이스 - 팀메이트`);
  await expect(page.getByTestId('showcase-title')).toHaveText(s.name);
  await expect(page.getByTestId('showcase-summary')).toHaveText(s.summary);
  const result = page.getByTestId('showcase-result');
  await expect(result).toHaveAttribute('href', s.resultUrl);
  await expect(result).toHaveAttribute('target', '_blank');
  await expect(result).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(page.getByTestId('showcase-결성일')).toHaveText(koreanToday());
  await expect(page.getByTestId('showcase-완료일')).toHaveText(koreanToday());
  const post = page.getByTestId('showcase-post');
  await expect(post).toHaveText(s.postTitle);
  await expect(post).toHaveAttribute('href', `/recruitment/${s.postId}`);
  const members = page.getByTestId('showcase-members').getByRole('listitem');
  await expect(members).toHaveText([s.admin.nickname, s.named.nickname]);
  await expect(page.getByText(s.unnamed.nickname)).toHaveCount(0);
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}

for (const [size, options] of SIZES) {
  test.describe(`showcase at ${size}`, () => {
    test('without JavaScript: the list and the detail arrive with their content, links work', async ({ browser, request }) => {
      const s = await finishedProject(request);
      const { context, page } = await newPage(browser, { ...options, javaScriptEnabled: false });
      const res = await page.goto('/showcase');
      expect(res!.status()).toBe(200);
      await expect(page).toHaveTitle('쇼케이스 - 팀메이트');
      await expect(page.getByRole('heading', { level: 1, name: '쇼케이스' })).toBeVisible();
      const card = page.getByTestId('showcase-card').filter({ hasText: s.name });
      await expect(card).toBeVisible();
      await expect(card).toContainText('프로젝트');
      await expect(card).toContainText(`${koreanToday()} 완료`);
      await expect(card).toContainText(s.summary.slice(0, 20));
      await expect(card).toContainText(`${s.admin.nickname} · ${s.named.nickname}`);
      await expect(card).not.toContainText(s.unnamed.nickname);
      await expect(card.getByTestId('showcase-result')).toHaveAttribute('href', s.resultUrl);
      await expectNoSideScroll(page);

      // a plain link: the browser loads the server-rendered detail
      await card.getByTestId('showcase-card-link').click();
      await expect(page).toHaveURL(new RegExp(`/showcase/${s.groupId}$`));
      await expectDetail(page, s);
      await expectNoSideScroll(page);
      const html = await (await page.request.get(`/showcase/${s.groupId}`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain(`<meta property="og:title" content="${s.name}" />`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/showcase/${s.groupId}" />`));

      // not shown: the not-found page with a 404
      const missing = await page.goto('/showcase/999999999');
      expect(missing!.status()).toBe(404);
      await expect(page.getByText('요청한 페이지를 찾을 수 없습니다.')).toBeVisible();
      await context.close();
    });

    test('with JavaScript: the page is taken over without errors, a card opens its detail in the app', async ({
      browser,
      request,
    }) => {
      const s = await finishedProject(request);
      const { context, page } = await newPage(browser, options);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      const reads: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/showcase')) reads.push(url.pathname + url.search);
      });

      await page.goto('/showcase');
      await page.waitForLoadState('networkidle');
      expect(reads).toEqual([]); // the list came inside the page
      // a marker that a full page load would lose
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      const card = page.getByTestId('showcase-card').filter({ hasText: s.name });
      await card.getByTestId('showcase-card-link').click();
      await expect(page).toHaveURL(new RegExp(`/showcase/${s.groupId}$`));
      await expect(page.getByTestId('showcase-title')).toHaveText(s.name);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(reads).toEqual([`/api/showcase/${s.groupId}`]);
      await expect(page.getByTestId('showcase-summary')).toHaveText(s.summary);
      await expect(page.getByTestId('showcase-members').getByRole('listitem')).toHaveText([s.admin.nickname, s.named.nickname]);
      await expectNoSideScroll(page);

      // back to the list in the app
      await page.getByRole('link', { name: '← 쇼케이스' }).click();
      await expect(page).toHaveURL(/\/showcase$/);
      await expect(card).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

      // a detail loaded directly takes over in place too
      await page.goto(`/showcase/${s.groupId}`);
      await expectDetail(page, s);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

test('the admin turns the showcase off: the page answers 404 at once, the list drops it', async ({ request }) => {
  const s = await finishedProject(request);
  const html = (path: string) => request.get(path, { headers: { accept: 'text/html' } });
  expect((await html(`/showcase/${s.groupId}`)).status()).toBe(200);
  expect(await (await html('/showcase')).text()).toContain(s.name);
  await ok(request.put(`/api/groups/${s.groupId}/showcase`, { headers: auth(s.admin), data: { showcase: false } }));
  const gone = await html(`/showcase/${s.groupId}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).not.toContain(s.summary);
  expect(await (await html('/showcase')).text()).not.toContain(s.name);
});
