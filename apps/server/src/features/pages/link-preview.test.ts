import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { listen } from '../../../test/fixtures/chat.js';
import { addProfile, createRecruitment, createStudy, NOON_SEOUL } from '../../../test/fixtures/posts.js';

const INDEX = `<!doctype html><html><head>
<title>팀메이트</title>
<script>window.__boot = 1;</script>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
</head><body><div id="root"></div></body></html>`;

let t: TestApp;
let host: string;
let author: TestUser;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ now: NOON_SEOUL, env: { WEB_DIST: dist } });
  host = await listen(t);
  author = await t.user('작성자');
  await addProfile(t, author, { contact: '01098765432' });
});
afterAll(() => t.close());

/** A plain HTTP GET, as a link unfurler does it (no JavaScript), and the meta tags of the page. */
async function page(pathname: string) {
  const res = await fetch(`http://${host}${pathname}`, {
    headers: { accept: 'text/html', 'user-agent': 'Slackbot-LinkExpanding 1.0' },
  });
  const html = await res.text();
  const meta: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) meta[key] = value;
  return { res, html, meta };
}

const origin = () => `http://${host}`;

describe('link previews of shared deep links (plain HTTP, no JavaScript)', () => {
  it('an open recruitment: title, a short description, site name, default image, URL and a Twitter card', async () => {
    const post = await createRecruitment(t, author, { title: '리액트 사이드 프로젝트', description: '설명 '.repeat(100) });
    const { res, html, meta } = await page(`/recruitment/${post.id}?utm_source=kakao`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(meta).toMatchObject({
      'og:type': 'article',
      'og:site_name': '팀메이트',
      'og:title': '리액트 사이드 프로젝트',
      'og:image': `${origin()}/og-default.jpg`,
      'og:url': `${origin()}/recruitment/${post.id}`,
      'twitter:card': 'summary_large_image',
      'twitter:title': '리액트 사이드 프로젝트',
    });
    expect(meta['og:description']).toMatch(/^프로젝트 팀원 모집 · 웹 개발 · 1\/4명 · 마감 2025-06-10 — 설명 설명/);
    expect([...meta['og:description']].length).toBeLessThanOrEqual(100);
    expect(meta['twitter:description']).toBe(meta['og:description']);
    // the SPA loads the same document, with the tags added to the head only
    expect(html.replace(/<meta [^>]*\/>\n/g, '')).toBe(INDEX);
  });

  it('a study group and a board post', async () => {
    const study = await createStudy(t, author, { title: '알고리즘 스터디 모집' });
    const s = await page(`/study-group/${study.id}`);
    expect(s.meta['og:title']).toBe('알고리즘 스터디 모집');
    expect(s.meta['og:description']).toMatch(/^스터디원 모집 · 알고리즘 · /);
    const created = await t.post('/api/boards', {
      token: author.token,
      body: { title: '면접 후기 공유', content: '첫 줄\n\n둘째   줄', categoryId: 1 },
    });
    const boardId = Number(/(\d+)$/.exec(String(created.headers.location))![1]);
    const b = await page(`/boards/${boardId}`);
    expect(b.meta['og:title']).toBe('면접 후기 공유');
    expect(b.meta['og:description']).toMatch(/^커뮤니티 게시판 · .+ · 첫 줄 둘째 줄$/);
    expect(b.meta['og:url']).toBe(`${origin()}/boards/${boardId}`);
  });

  it('a closed post gets a neutral card, without its title or text', async () => {
    const post = await createRecruitment(t, author, { title: '마감될 공고', description: '비밀스러운 설명' });
    expect((await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token })).statusCode).toBe(200);
    const { html, meta } = await page(`/recruitment/${post.id}`);
    expect(meta['og:title']).toBe('모집이 마감된 글입니다');
    expect(meta['og:site_name']).toBe('팀메이트');
    expect(html).not.toContain('마감될 공고');
    expect(html).not.toContain('비밀스러운');
  });

  it('a deleted post, a missing id and the other kind’s id get the neutral "not found" card', async () => {
    const post = await createRecruitment(t, author, { title: '지워질 공고' });
    expect((await t.delete(`/api/recruitments/${post.id}`, { token: author.token })).statusCode).toBe(204);
    const study = await createStudy(t, author, { title: '다른 종류' });
    for (const pathname of [`/recruitment/${post.id}`, '/boards/999999', `/recruitment/${study.id}`]) {
      const { res, html, meta } = await page(pathname);
      expect(res.status).toBe(200);
      expect(meta['og:title']).toBe('찾을 수 없는 글입니다');
      expect(html).not.toMatch(/지워질 공고|다른 종류/);
    }
  });

  it('escapes everything it copies from a post', async () => {
    const title = `<script>alert("x")</script> & '따옴표' $& $'`;
    const post = await createRecruitment(t, author, { title, description: '"><img src=x onerror=alert(1)>' });
    const { html, meta } = await page(`/recruitment/${post.id}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;따옴표&#39; $&amp; $&#39;');
    expect(meta['og:description']).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('never shows private fields: login id, e-mail, phone, profile contact, not even the author name', async () => {
    const post = await createRecruitment(t, author, { title: '개인정보 확인' });
    const { html } = await page(`/recruitment/${post.id}`);
    for (const secret of [author.loginId, `${author.loginId}@example.com`, '01012345678', '01098765432', '작성자'])
      expect(html).not.toContain(secret);
  });

  it('serves every other page, and the form routes, untouched, with the same CSP', async () => {
    const post = await createRecruitment(t, author);
    const preview = await page(`/recruitment/${post.id}`);
    for (const pathname of ['/', '/recruitments', '/recruitment/register', '/recruitment/edit/1', '/boards/abc', '/boards/0']) {
      const { res, html } = await page(pathname);
      expect(html, pathname).toBe(INDEX);
      expect(res.headers.get('content-security-policy')).toBe(preview.res.headers.get('content-security-policy'));
    }
    const head = await fetch(`http://${host}/recruitment/${post.id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('a preview that cannot be read (database away) still serves the page untouched', async () => {
    const post = await createRecruitment(t, author);
    const get = t.ctx.readCache.get.bind(t.ctx.readCache);
    t.ctx.readCache.get = () => Promise.reject(new Error('database away'));
    try {
      const { res, html } = await page(`/recruitment/${post.id}`);
      expect(res.status).toBe(200);
      expect(html).toBe(INDEX);
    } finally {
      t.ctx.readCache.get = get;
    }
  });
});
