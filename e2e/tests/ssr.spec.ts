import type { APIRequestContext, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
// more views than any other spec gives a post, so these rank among the home page's popular ones (this file runs
// after the others: playwright.config.ts)
const VIEWS = 20;
// every test here first writes its posts and their views through the API: slower than one page
test.describe.configure({ timeout: 180_000 });
const ip = (i: number) => `10.77.${Math.floor(Math.random() * 250)}.${i + 1}`;

async function created(request: APIRequestContext, user: ApiUser, url: string, data: object): Promise<number> {
  const res = await request.post(url, { headers: auth(user), data });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.text();
  return body.startsWith('{') ? (JSON.parse(body) as { id: number }).id : Number(/(\d+)$/.exec(res.headers()['location'])![1]);
}

/** Views from several visitors, so the post or board ranks among the popular ones on the home page. */
async function view(request: APIRequestContext, url: string, times: number) {
  const views = Array.from({ length: times }, (_, i) => request.post(url, { headers: { 'x-forwarded-for': ip(i) } }));
  for (const res of await Promise.all(views)) expect(res.status()).toBe(204);
}

/** A recruitment, a study group and a board post with a reply, each with a word of its own to look for. */
async function content(request: APIRequestContext) {
  const author = await apiUser(request);
  const u = unique();
  const recruitment = {
    title: `서버 렌더 프로젝트 ${u}`,
    description: `프로젝트 본문 ${u}`,
  };
  const recruitmentId = await created(request, author, '/api/recruitments', {
    ...recruitment,
    topic: '웹',
    totalMembers: 4,
    dueDate: seoulDate(10),
    tags: ['React'],
  });
  const study = { title: `서버 렌더 스터디 ${u}`, description: `스터디 본문 ${u}` };
  const studyId = await created(request, author, '/api/study-groups', {
    ...study,
    topic: '알고리즘',
    totalMembers: 5,
    dueDate: seoulDate(10),
    startDate: seoulDate(12),
    endDate: seoulDate(40),
  });
  const board = { title: `서버 렌더 게시글 ${u}`, content: `게시글 본문 ${u}` };
  const boardId = await created(request, author, '/api/boards', { ...board, categoryId: 1 });
  const reply = `댓글입니다 ${u}`;
  expect(
    (
      await request.post('/api/replies', { headers: auth(author), data: { boardId, content: reply, parentReplyId: null } })
    ).status(),
  ).toBe(201);
  await view(request, `/api/base-posts/${recruitmentId}/view`, VIEWS);
  await view(request, `/api/base-posts/${studyId}/view`, VIEWS);
  await view(request, `/api/boards/${boardId}/view`, VIEWS);
  return { author, u, recruitment, recruitmentId, study, studyId, board, boardId, reply };
}

/** Console errors and uncaught errors of a page (a hydration mismatch is reported as one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('each public route arrives as HTML with its content, title, description and canonical URL', async ({ request }) => {
  const c = await content(request);
  const html = async (path: string, status = 200) => {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(status);
    return res.text();
  };

  const home = await html('/');
  for (const title of [c.recruitment.title, c.study.title, c.board.title]) expect(home).toContain(title);
  expect(home).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/" \/>/);

  const list = await html('/recruitments');
  expect(list).toContain(c.recruitment.title);
  expect(list).toContain('<title>프로젝트 팀원 모집 - 팀메이트</title>');
  expect(list).toContain('<meta name="description"');
  const searched = await html(`/recruitments?searchType=title&keyword=${encodeURIComponent(c.u)}`);
  expect(searched).toContain(c.recruitment.title);
  expect(searched).toContain(`검색 결과`);
  expect(await html(`/study-groups?keyword=${encodeURIComponent(c.u)}&open=true`)).toContain(c.study.title);
  expect(await html('/recruitments?stack=React&order=views')).toContain(c.recruitment.title);

  const detail = await html(`/recruitment/${c.recruitmentId}?utm_source=test`);
  expect(detail).toContain(c.recruitment.description);
  expect(detail).toContain(`<title>${c.recruitment.title} - 팀메이트</title>`);
  expect(detail).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/recruitment/${c.recruitmentId}" />`));
  expect(detail).toContain(`<meta property="og:title" content="${c.recruitment.title}" />`);
  expect(detail).toContain('로그인 후 확인할 수 있습니다.');
  const studyDetail = await html(`/study-group/${c.studyId}`);
  expect(studyDetail).toContain(c.study.description);

  expect(await html(`/boards?keyword=${encodeURIComponent(c.u)}&category=${encodeURIComponent('일반글')}`)).toContain(
    c.board.title,
  );
  const board = await html(`/boards/${c.boardId}`);
  expect(board).toContain(c.board.content);
  expect(board).toContain(c.reply);
  expect(board).toContain(`<title>${c.board.title} - 팀메이트</title>`);

  // a closed post: the contract's 403 text as a page; unknown ids: 404 with a not-found page
  expect((await request.patch(`/api/recruitments/${c.recruitmentId}/close`, { headers: auth(c.author) })).status()).toBe(200);
  const closed = await html(`/recruitment/${c.recruitmentId}`, 403);
  expect(closed).toContain('이미 종료된 공고는 조회할 수 없습니다.');
  expect(closed).not.toContain(c.recruitment.description);
  expect(closed).toContain('<meta name="robots" content="noindex" />');
  for (const missing of ['/recruitment/999999999', `/study-group/${c.recruitmentId}`, '/boards/999999999', '/boards/abc'])
    expect(await html(missing, 404), missing).toContain('요청한 페이지를 찾을 수 없습니다.');

  // member-only pages stay client-rendered, marked noindex
  for (const member of ['/my-posts', '/messages', '/recruitment/register'])
    expect(await html(member)).toContain('<meta name="robots" content="noindex" />');
});

test('the page takes over in place: no hydration warning, no second read of its data, links work', async ({ page, request }) => {
  const c = await content(request);
  const errors = watchErrors(page);
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) reads.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });

  for (const path of [
    '/',
    '/recruitments',
    '/study-groups?page=0',
    '/boards',
    `/boards/${c.boardId}`,
    `/recruitment/${c.recruitmentId}`,
  ]) {
    reads.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(errors, path).toEqual([]);
    // the data came inside the page: none of the page's own reads is made again
    const own = reads.filter((r) => /^\/api\/(recruitments|study-groups|boards)(\/popular|\/search|\?|$)/.test(r));
    expect(own, path).toEqual([]);
  }

  // hydrated: the app works (a card opens its detail in the app)
  await page.goto('/recruitments');
  await page.getByTestId('post-card').filter({ hasText: c.recruitment.title }).click();
  await expect(page).toHaveURL(new RegExp(`/recruitment/${c.recruitmentId}$`));
  await expect(page.getByTestId('post-description')).toHaveText(c.recruitment.description);
  // the view of the server-rendered detail was counted after it took over (one browser, one view)
  await page.goto(`/study-group/${c.studyId}`);
  await expect(page.getByTestId('post-조회수')).toHaveText(String(VIEWS + 1));
  expect(errors).toEqual([]);
});

test('a rendered page is taken over once: no hydration error, one view counted, its data read once after it', async ({
  page,
  browser,
  request,
}) => {
  const c = await content(request);
  const member = await apiUser(request);
  const memberContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip(8) } });
  const memberPage = await memberContext.newPage();
  await loginWithToken(memberPage, member);

  const recruitment = `/recruitment/${c.recruitmentId}`;
  const board = `/boards/${c.boardId}`;
  for (const [who, p] of [
    ['visitor', page],
    ['member', memberPage],
  ] as const) {
    // a failed hydration is an uncaught error (React's minified #418 to #425); a warning would name hydration
    const hydrationErrors: string[] = [];
    p.on('pageerror', (e) => hydrationErrors.push(e.message));
    p.on('console', (m) => {
      if (/hydrat|react\.dev\/errors\/4(18|19|2\d)/i.test(m.text())) hydrationErrors.push(m.text());
    });
    const requests: string[] = [];
    p.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) requests.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    const sent = (method: string, path: string) => requests.filter((r) => r === `${method} /api${path}`).length;

    for (const path of ['/', '/recruitments', recruitment, board]) {
      requests.length = 0;
      const res = await p.goto(path);
      expect(await res!.text(), path).toContain('id="page-state"');
      await p.waitForLoadState('networkidle');
      expect(hydrationErrors, `${who} ${path}`).toEqual([]);
      // a page mounted a second time would count its view again (boards have no per-browser flag) and read again
      expect(sent('POST', `/boards/${c.boardId}/view`), `${who} ${path}`).toBe(path === board ? 1 : 0);
      expect(sent('GET', `/boards/${c.boardId}?page=0`), `${who} ${path}`).toBe(path === board ? 1 : 0);
      expect(sent('POST', `/base-posts/${c.recruitmentId}/view`), `${who} ${path}`).toBe(path === recruitment ? 1 : 0);
      expect(sent('GET', `/recruitments/${c.recruitmentId}`), `${who} ${path}`).toBe(path === recruitment ? 1 : 0);
      // the member's own bookmark state is read once; the visitor's came inside the page
      expect(sent('GET', `/bookmarks/${c.recruitmentId}`), `${who} ${path}`).toBe(
        path === recruitment && who === 'member' ? 1 : 0,
      );
    }
  }
  await expect(memberPage.getByTestId('greeting')).toContainText(member.nickname);
  await memberContext.close();
});

test('a member gets the same HTML bytes as a visitor; header, badge and bookmark come after hydration', async ({
  page,
  request,
}) => {
  const c = await content(request);
  const member = await apiUser(request);
  expect((await request.put(`/api/bookmarks/${c.recruitmentId}`, { headers: auth(member) })).status()).toBe(200);
  expect(
    (
      await request.post('/api/messages', {
        headers: auth(c.author),
        data: { receiverName: member.nickname, content: '안녕하세요' },
      })
    ).status(),
  ).toBe(201);
  const errors = watchErrors(page);

  const path = `/recruitment/${c.recruitmentId}`;
  const visitorHtml = await (await request.get(path)).body();
  await loginWithToken(page, member);
  const served = await page.goto(path);
  const memberHtml = await served!.body();
  expect(memberHtml.equals(visitorHtml)).toBe(true);
  expect(memberHtml.toString()).not.toContain(member.nickname);

  await expect(page.getByTestId('greeting')).toContainText(member.nickname);
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await expect(page.getByTestId('bookmark-button')).toHaveAttribute('aria-pressed', 'true');
  // the contact shown only to a logged-in reader is read after hydration
  await expect(page.getByTestId('post-연락처')).not.toHaveText('로그인 후 확인할 수 있습니다.');
  expect(errors).toEqual([]);
});

test('without JavaScript every public route shows its content and its links are plain links', async ({ browser, request }) => {
  const c = await content(request);
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'x-forwarded-for': ip(9) } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '인기 프로젝트 공고' })).toBeVisible();
  await page.getByTestId('popular-card').filter({ hasText: c.recruitment.title }).click();
  await expect(page).toHaveURL(new RegExp(`/recruitment/${c.recruitmentId}$`));
  await expect(page.getByTestId('post-description')).toHaveText(c.recruitment.description);

  await page.goto('/study-groups');
  await page.getByTestId('post-card').filter({ hasText: c.study.title }).click();
  await expect(page.getByRole('heading', { name: c.study.title, level: 1 })).toBeVisible();

  await page.goto('/boards');
  await page.getByRole('link', { name: c.board.title }).click();
  await expect(page.getByTestId('board-content')).toHaveText(c.board.content);
  await expect(page.getByText(c.reply)).toBeVisible();
  await page.getByRole('link', { name: '팀메이트' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('robots.txt and the sitemap', async ({ request }) => {
  const c = await content(request);
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  for (const line of ['User-agent: *', 'Disallow: /api/', 'Disallow: /my-posts', 'Disallow: /messages', 'Disallow: /groups/'])
    expect(text).toContain(line);
  expect(text).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  for (const path of [`/recruitment/${c.recruitmentId}`, `/study-group/${c.studyId}`, `/boards/${c.boardId}`])
    expect(xml).toMatch(new RegExp(`<url><loc>http://[^<]+${path}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`));
});
