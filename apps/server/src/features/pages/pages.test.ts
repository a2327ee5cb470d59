import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { sitemapFile, sitemapFiles, sitemapIndex } from './sitemap.js';

const INDEX = `<!doctype html>
<html lang="ko">
<head>
<title>팀메이트</title>
<script>window.__boot = 1;</script>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
</head>
<body><div id="root"></div></body>
</html>`;

/**
 * A stand-in for the web app's server bundle (apps/web/src/server.tsx, built with the web app, which these API
 * tests run before): the same interface, reading through the server's own API as the real one does. The real
 * rendering is covered by e2e/tests/ssr.spec.ts.
 */
const BUNDLE = `
let read;
globalThis.__renders = 0;
export function configure(r) { read = r; }
export async function preload() {}
export const memberPaths = ['/my-posts', '/groups/', '/my-boards'];
export const isPublicPath = (p) => p === '/recruitments' || /^\\/recruitment\\/[^/]+$/.test(p);
export async function render(pathname, search, now) {
  globalThis.__renders++;
  if (pathname === '/recruitments') {
    const page = await (await read('/recruitments?page=0', {})).json();
    const html = '<ul>' + page.content.map((p) => '<li>' + p.title + '</li>').join('') + '</ul>';
    return { status: 200, html, state: JSON.stringify({ now, total: page.totalElements }), head: { title: '목록', description: '설명', canonical: '/recruitments' } };
  }
  const res = await read('/recruitments/' + pathname.split('/')[2], {});
  if (res.status === 403) return { status: 403, html: '<p>' + (await res.text()) + '</p>', state: null, head: null };
  if (res.status !== 200) return { status: 404, html: '<p>요청한 페이지를 찾을 수 없습니다.</p>', state: null, head: null };
  const post = await res.json();
  return { status: 200, html: '<h1>' + post.title + '</h1><p>' + String(post.creatorContact) + '</p>', state: '{}', head: { title: post.title, canonical: pathname } };
}`;

let t: TestApp;
let author: TestUser;
const renders = () => (globalThis as unknown as { __renders: number }).__renders;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  const ssr = mkdtempSync(path.join(os.tmpdir(), 'web-ssr-'));
  writeFileSync(path.join(ssr, 'server.js'), BUNDLE);
  t = await createTestApp({ now: NOON_SEOUL, env: { WEB_DIST: dist, WEB_SSR: ssr } });
  author = await t.user('작성자');
});
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) => t.get(url, { headers: { accept: 'text/html', ...headers } });

describe('server-rendered public pages', () => {
  it('a list page: the rendered markup in #root, its data as JSON, head tags, and the CSP unchanged', async () => {
    const post = await createRecruitment(t, author, { title: '렌더된 공고' });
    const res = await page('/recruitments');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="ko" data-ssr>');
    expect(res.body).toContain(`<div id="root"><ul><li>${post.title}</li>`);
    expect(res.body).toMatch(/<\/div><script type="application\/json" id="page-state">\{"now":\d+,"total":\d+\}<\/script>/);
    expect(res.body).toContain('<title>목록</title>');
    expect(res.body).toContain('<meta name="description" content="설명" />');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:80/recruitments" />');
    const csp = String(res.headers['content-security-policy']);
    const scripts = /script-src ([^;]*)/.exec(csp)![1];
    expect(scripts).toMatch(/^'self' 'sha256-[^']+'$/); // the JSON data block needs no hash: it never runs
  });

  it('is cached until the next write, and the same bytes for a visitor and a member', async () => {
    await page('/recruitments');
    const before = renders();
    const visitor = await page('/recruitments');
    const member = await page('/recruitments', { authorization: `Bearer ${author.token}` });
    expect(renders()).toBe(before);
    expect(member.rawPayload.equals(visitor.rawPayload)).toBe(true);

    const post = await createRecruitment(t, author, { title: '새로 쓴 공고' });
    const after = await page('/recruitments');
    expect(renders()).toBe(before + 1);
    expect(after.body).toContain(post.title);
  });

  it('sends brotli or gzip to a browser that accepts it', async () => {
    const plain = await page('/recruitments');
    const br = await page('/recruitments', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((await page('/recruitments', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it("a detail is rendered for a visitor (no contact); a closed post answers the contract's 403 text as a page", async () => {
    const post = await createRecruitment(t, author, { title: '상세 공고' });
    const open = await page(`/recruitment/${post.id}`, { authorization: `Bearer ${author.token}` });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('<h1>상세 공고</h1><p>null</p>');
    expect((await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token })).statusCode).toBe(200);
    const closed = await page(`/recruitment/${post.id}`);
    expect(closed.statusCode).toBe(403);
    expect(closed.body).toContain('<p>이미 종료된 공고는 조회할 수 없습니다.</p>');
    expect(closed.body).toContain('<meta name="robots" content="noindex" />');
    expect(closed.body).not.toContain('data-ssr');
    expect(closed.body).not.toContain('page-state');
  });

  it('unknown ids answer 404 with the not-found page', async () => {
    for (const url of ['/recruitment/999999', '/recruitment/abc']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('요청한 페이지를 찾을 수 없습니다.');
    }
  });

  it('other pages are index.html with noindex; a page that cannot be read still loads as the SPA', async () => {
    for (const url of ['/my-posts', '/login', '/groups/3']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX.replace('</head>', '<meta name="robots" content="noindex" />\n</head>'));
    }
    const get = t.ctx.readCache.get.bind(t.ctx.readCache);
    t.ctx.readCache.get = () => Promise.reject(new Error('database away'));
    try {
      const res = await page('/recruitments?page=3');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      t.ctx.readCache.get = get;
    }
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt disallows the member-only paths and names the sitemap', async () => {
    const res = await t.get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/my-posts', '/groups/', '/my-boards']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: http://localhost:80/sitemap.xml');
  });

  it('lists open posts of both kinds and board posts with lastmod; not closed posts', async () => {
    const open = await createRecruitment(t, author, { title: '열린 공고' });
    const closed = await createRecruitment(t, author, { title: '닫힌 공고' });
    await t.patch(`/api/recruitments/${closed.id}/close`, { token: author.token });
    const created = await t.post('/api/boards', {
      token: author.token,
      body: { title: '게시글', content: '본문', categoryId: 1 },
    });
    const boardId = Number(/(\d+)$/.exec(String(created.headers.location))![1]);
    const res = await t.get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(res.body).toMatch(
      new RegExp(
        `<url><loc>http://localhost:80/recruitment/${open.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d.\\d{3}Z</lastmod></url>`,
      ),
    );
    expect(res.body).toContain(`<loc>http://localhost:80/boards/${boardId}</loc>`);
    expect(res.body).not.toContain(`/recruitment/${closed.id}<`);
    expect((await t.get('/sitemap-1.xml')).statusCode).toBe(404); // one file: no index
  });

  it('past the limit of URLs per file: an index of files, each within the limit, together every URL', async () => {
    const { files, posts, boards, showcases } = await sitemapFiles(t.ctx, 2);
    expect(files).toBe(Math.ceil((posts + boards + showcases) / 2));
    expect(sitemapIndex('http://x', files)).toContain(`<sitemap><loc>http://x/sitemap-${files}.xml</loc></sitemap>`);
    const urls: string[] = [];
    for (let n = 0; n < files; n++) {
      const found = [...(await sitemapFile(t.ctx, 'http://x', n, 2)).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(found.length).toBeLessThanOrEqual(2);
      urls.push(...found);
    }
    expect(urls).toHaveLength(posts + boards + showcases);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
