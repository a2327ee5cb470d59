import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { sitemapFile, sitemapFiles } from './sitemap.js';

const INDEX = `<!doctype html>
<html lang="ko">
<head>
<title>팀메이트</title>
</head>
<body><div id="root"></div></body>
</html>`;

/**
 * A stand-in for the web app's server bundle (as in pages.test.ts), rendering the showcase pages from their reads
 * the way apps/web/src/app/public-pages.ts heads them; the real components are covered by
 * e2e/tests/showcase.spec.ts.
 */
const BUNDLE = `
let read;
globalThis.__showcaseRenders = 0;
export function configure(r) { read = r; }
export async function preload() {}
export const memberPaths = ['/groups/'];
export const isPublicPath = (p) => p === '/showcase' || /^\\/showcase\\/[^/]+$/.test(p);
const notFound = { status: 404, html: '<p>요청한 페이지를 찾을 수 없습니다.</p>', state: null, head: null };
export async function render(pathname, search, now) {
  globalThis.__showcaseRenders++;
  if (pathname === '/showcase') {
    const page = Number(new URLSearchParams(search).get('page')) || 0;
    const res = await read('/showcase?page=' + page, {});
    const list = await res.json();
    const html = '<ul>' + list.content.map((s) => '<li><a href="/showcase/' + s.groupId + '">' + s.name + '</a> ' + s.members.join(',') + '</li>').join('') + '</ul>';
    const title = (page > 0 ? (page + 1) + '쪽 - ' : '') + '쇼케이스 - 팀메이트';
    return { status: 200, html, state: '{}', head: { title, description: '완성한 프로젝트와 스터디', canonical: '/showcase' + (page > 0 ? '?page=' + page : '') } };
  }
  const id = pathname.split('/')[2];
  const res = await read('/showcase/' + id, {});
  if (res.status !== 200) return notFound;
  const s = await res.json();
  const html = '<h1>' + s.name + '</h1><p>' + s.summary + '</p><a href="' + s.resultUrl + '" rel="noopener noreferrer nofollow">결과물</a><ul>' + s.members.map((m) => '<li>' + m + '</li>').join('') + '</ul>';
  return { status: 200, html, state: '{}', head: { title: s.name + ' - 쇼케이스 - 팀메이트', description: s.summary, canonical: pathname } };
}`;

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let quiet: TestUser;
let group: TestGroup;
const SUMMARY = '동네 가게의 재고를 한눈에 보는 웹 서비스를 8주 만에 완성했습니다. 결제와 알림까지 붙였습니다.';
const renders = () => (globalThis as unknown as { __showcaseRenders: number }).__showcaseRenders;
const page = (url: string) => t.get(url, { headers: { accept: 'text/html' } });

async function complete(g: TestGroup, body: Record<string, unknown>) {
  const res = await t.post(`/api/groups/${g.id}/complete`, { token: admin.token, body });
  expect(res.statusCode, res.body).toBe(200);
}
async function consent(user: TestUser, g: TestGroup, on: boolean) {
  const res = await t.put(`/api/groups/${g.id}/showcase-consent`, { token: user.token, body: { consent: on } });
  expect(res.statusCode, res.body).toBe(200);
}
async function showcase(g: TestGroup, on: boolean) {
  const res = await t.put(`/api/groups/${g.id}/showcase`, { token: admin.token, body: { showcase: on } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  const ssr = mkdtempSync(path.join(os.tmpdir(), 'web-ssr-'));
  writeFileSync(path.join(ssr, 'server.js'), BUNDLE);
  t = await createTestApp({ now: NOON_SEOUL, env: { WEB_DIST: dist, WEB_SSR: ssr } });
  admin = await t.user('쇼케이스장');
  member = await t.user('공개팀원');
  quiet = await t.user('비공개팀원');
  group = await makeGroup(t, admin, [member, quiet], { name: '재고 지도' });
  await complete(group, { summary: SUMMARY, resultUrl: 'https://example.com/stock-map', showcase: true });
  await consent(admin, group, true);
  await consent(member, group, true);
});
afterAll(() => t.close());

describe('showcase pages, server-rendered', () => {
  it('a shown showcase: 200 with its content in the HTML, its title, canonical URL and Open Graph tags', async () => {
    const res = await page(`/showcase/${group.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<html lang="ko" data-ssr>');
    expect(html).toContain('<h1>재고 지도</h1>');
    expect(html).toContain(SUMMARY);
    expect(html).toContain('<a href="https://example.com/stock-map" rel="noopener noreferrer nofollow">');
    // only the members who agreed, the admin first
    expect(html).toContain('<ul><li>쇼케이스장</li><li>공개팀원</li></ul>');
    expect(html).not.toContain('비공개팀원');
    expect(html).toContain('<title>재고 지도 - 쇼케이스 - 팀메이트</title>');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:80/showcase/${group.id}" />`);
    expect(html).toContain('<meta property="og:title" content="재고 지도" />');
    expect(html).toContain(`<meta property="og:description" content="${SUMMARY}" />`);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:80/showcase/${group.id}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).not.toContain('noindex');
  });

  it('the Open Graph description is an excerpt of a long summary, on one line', async () => {
    const long = await makeGroup(t, admin, [], { name: '긴 요약' });
    await complete(long, { summary: `첫 줄\n${'가'.repeat(300)}`, showcase: true });
    const html = (await page(`/showcase/${long.id}`)).body;
    const description = /<meta property="og:description" content="([^"]*)" \/>/.exec(html)![1];
    expect([...description]).toHaveLength(100);
    expect(description).toMatch(/^첫 줄 가+…$/);
  });

  it('the list: newest completion first, its canonical URL per page, Open Graph tags from its head', async () => {
    const res = await page('/showcase');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<a href="/showcase/${group.id}">재고 지도</a> 쇼케이스장,공개팀원`);
    expect(res.body.indexOf('긴 요약')).toBeLessThan(res.body.indexOf('재고 지도</a>'));
    expect(res.body).toContain('<title>쇼케이스 - 팀메이트</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:80/showcase" />');
    expect(res.body).toContain('<meta property="og:title" content="쇼케이스 - 팀메이트" />');
    expect(res.body).toContain('<meta property="og:url" content="http://localhost:80/showcase" />');
    expect(res.body).toContain('<meta property="og:type" content="website" />');
    const second = await page('/showcase?page=1');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('<link rel="canonical" href="http://localhost:80/showcase?page=1" />');
    expect(second.body).not.toContain('재고 지도');
  });

  it('unknown, not completed and switched-off groups answer 404 with the not-found page, noindex', async () => {
    const active = await makeGroup(t, admin, [], { name: '진행 중 그룹' });
    const hidden = await makeGroup(t, admin, [], { name: '비공개 완료 그룹' });
    await complete(hidden, { summary: '공개하지 않는 팀', showcase: false });
    for (const url of ['/showcase/999999', `/showcase/${active.id}`, `/showcase/${hidden.id}`, '/showcase/abc', '/showcase/0']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('요청한 페이지를 찾을 수 없습니다.');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
    const list = (await page('/showcase')).body;
    expect(list).not.toContain('진행 중 그룹');
    expect(list).not.toContain('비공개 완료 그룹');
  });

  it('the sitemap names the list and each shown showcase, with its completion as lastmod', async () => {
    const xml = (await t.get('/sitemap.xml')).body;
    expect(xml).toMatch(/<url><loc>http:\/\/localhost:80\/showcase<\/loc><lastmod>\d{4}-[^<]+<\/lastmod><\/url>/);
    expect(xml.indexOf('/showcase<')).toBeLessThan(xml.indexOf(`/showcase/${group.id}<`));
    expect(xml).toContain(
      `<url><loc>http://localhost:80/showcase/${group.id}</loc><lastmod>${new Date(NOON_SEOUL).toISOString()}</lastmod></url>`,
    );
  });

  it('split into files, every URL once, the showcases included', async () => {
    const { files, posts, boards, showcases } = await sitemapFiles(t.ctx, 2);
    expect(showcases).toBeGreaterThanOrEqual(3); // the list and two shown showcases
    const urls: string[] = [];
    for (let n = 0; n < files; n++) {
      const found = [...(await sitemapFile(t.ctx, 'http://x', n, 2)).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(found.length).toBeLessThanOrEqual(2);
      urls.push(...found);
    }
    expect(urls).toHaveLength(posts + boards + showcases);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`http://x/showcase/${group.id}`);
    expect(urls.at(-1)).toMatch(/^http:\/\/x\/showcase\/\d+$/);
  });
});

describe('what changes a showcase leaves the cached pages and reads at once', () => {
  it('a consent withdrawn: the name leaves the page, the list and the API read', async () => {
    await page(`/showcase/${group.id}`);
    await page('/showcase');
    await t.get(`/api/showcase/${group.id}`);
    const before = renders();
    expect((await page(`/showcase/${group.id}`)).body).toContain('공개팀원'); // cached: no new render
    expect(renders()).toBe(before);

    await consent(member, group, false);
    expect((await page(`/showcase/${group.id}`)).body).not.toContain('공개팀원');
    expect((await page('/showcase')).body).not.toContain('공개팀원');
    expect((await t.get(`/api/showcase/${group.id}`)).json()).toMatchObject({ members: ['쇼케이스장'] });
    await consent(member, group, true);
    expect((await page(`/showcase/${group.id}`)).body).toContain('<li>공개팀원</li>');
  });

  it('a rename shows at once', async () => {
    await page(`/showcase/${group.id}`);
    const res = await t.put(`/api/groups/${group.id}`, {
      token: admin.token,
      body: { name: '재고 지도 2', description: '그룹 설명' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(`/showcase/${group.id}`)).body).toContain('<h1>재고 지도 2</h1>');
    expect((await page('/showcase')).body).toContain('재고 지도 2');
  });

  it('the showcase switched off: its page answers 404, the list, the API and the sitemap drop it; on again, back', async () => {
    const url = `/showcase/${group.id}`;
    expect((await page(url)).statusCode).toBe(200);
    expect((await t.get('/sitemap.xml')).body).toContain(`/showcase/${group.id}<`);
    expect((await t.get(`/api/showcase/${group.id}`)).statusCode).toBe(200);

    await showcase(group, false);
    const gone = await page(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain(SUMMARY);
    expect((await page('/showcase')).body).not.toContain(`/showcase/${group.id}"`);
    expect((await t.get(`/api/showcase/${group.id}`)).statusCode).toBe(404);
    expect((await t.get('/api/showcase?page=0')).body).not.toContain(SUMMARY);
    expect((await t.get('/sitemap.xml')).body).not.toContain(`/showcase/${group.id}<`);

    await showcase(group, true);
    expect((await page(url)).statusCode).toBe(200);
    expect((await t.get('/sitemap.xml')).body).toContain(`/showcase/${group.id}<`);
  });

  it("a member's withdrawal takes their name off the page at once", async () => {
    const leaver = await t.user('떠날팀원');
    const g = await makeGroup(t, admin, [leaver], { name: '탈퇴 확인' });
    await complete(g, { summary: '탈퇴 뒤에도 남는 팀', showcase: true });
    await consent(leaver, g, true);
    expect((await page(`/showcase/${g.id}`)).body).toContain('<li>떠날팀원</li>');
    const res = await t.delete(`/api/users/${leaver.id}`, { token: leaver.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(`/showcase/${g.id}`)).body).not.toContain('떠날팀원');
  });
});
