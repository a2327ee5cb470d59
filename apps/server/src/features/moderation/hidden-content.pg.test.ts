import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { sleep } from '../../../test/fixtures/chat.js';
import { multiInstanceSkipReason, REDIS_URL } from '../../../test/fixtures/two-instances.js';
import { createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { changeOperator } from './operators.js';

/** A stand-in for the web app's server bundle (as in pages.test.ts): the list page and a post's page. */
const BUNDLE = `
let read;
export function configure(r) { read = r; }
export async function preload() {}
export const memberPaths = [];
export const isPublicPath = (p) => p === '/recruitments' || /^\\/recruitment\\/[^/]+$/.test(p);
export async function render(pathname) {
  if (pathname === '/recruitments') {
    const page = await (await read('/recruitments?page=0', {})).json();
    const html = '<ul>' + page.content.map((p) => '<li>' + p.title + '</li>').join('') + '</ul>';
    return { status: 200, html, state: '{}', head: { title: '목록', canonical: '/recruitments' } };
  }
  const res = await read('/recruitments/' + pathname.split('/')[2], {});
  if (res.status !== 200) return { status: 404, html: '<p>요청한 페이지를 찾을 수 없습니다.</p>', state: null, head: null };
  const post = await res.json();
  return { status: 200, html: '<h1>' + post.title + '</h1>', state: '{}', head: { title: post.title, canonical: pathname } };
}`;

function webDirs() {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>팀메이트</title></head><body><div id="root"></div></body></html>',
  );
  const ssr = mkdtempSync(path.join(os.tmpdir(), 'web-ssr-'));
  writeFileSync(path.join(ssr, 'server.js'), BUNDLE);
  return { WEB_DIST: dist, WEB_SSR: ssr };
}

/** docs/api.md §10.4: a hide on one instance empties every cache of the others at once (PostgreSQL + Redis). */
describe.skipIf(multiInstanceSkipReason)('hidden content across instances (PostgreSQL + Redis)', () => {
  it("a post hidden through instance 1 is gone from instance 2's lists, search, detail and rendered pages at once; restore brings it back", async () => {
    const env = { REDIS_URL, ...webDirs() };
    const a = await createTestApp({ now: NOON_SEOUL, env });
    const b = await createTestApp({ now: NOON_SEOUL, database: a.database, env });
    try {
      const author = await a.user();
      const op = await a.user();
      expect((await changeOperator(a.db, 'grant', op.loginId, a.clock.now())).outcome).toBe('granted');
      const title = '인스턴스숨김 공고';
      const post = await createRecruitment(a, author, { title });
      const search = `/api/recruitments/search?keyword=${encodeURIComponent('인스턴스숨김')}`;
      const html = async (app: TestApp, url: string) => {
        const res = await app.get(url, { headers: { accept: 'text/html' } });
        return { status: res.statusCode, body: res.body };
      };
      const listed = async (app: TestApp, url: string) =>
        ((await app.get(url)).json() as { content: Array<{ id: number }> }).content.some((p) => p.id === post.id);
      const state = async () => ({
        list: await listed(b, '/api/recruitments?page=0'),
        search: await listed(b, search),
        detail: (await b.get(`/api/recruitments/${post.id}`)).statusCode,
        listPage: (await html(b, '/recruitments')).body.includes(title),
        page: await html(b, `/recruitment/${post.id}`),
      });
      // instance 2 has everything cached
      const shown = await state();
      expect(shown).toMatchObject({ list: true, search: true, detail: 200, listPage: true });
      expect(shown.page.status).toBe(200);
      expect(shown.page.body).toContain(title);

      const resolve = async (action: 'HIDE' | 'RESTORE') => {
        const res = await a.post(`/api/admin/reports/POST/${post.id}/resolve`, {
          token: op.token,
          body: { action, note: '메모' },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      // Redis delivers within milliseconds; wait for it, bounded
      const settle = async (detail: number) => {
        for (let i = 0; i < 100 && (await b.get(`/api/recruitments/${post.id}`)).statusCode !== detail; i++) await sleep(20);
      };
      await resolve('HIDE');
      await settle(404);
      const hidden = await state();
      expect(hidden).toMatchObject({ list: false, search: false, detail: 404, listPage: false });
      expect(hidden.page.status).toBe(404);
      expect(hidden.page.body).not.toContain(title);
      // its author still reads it on instance 2
      expect((await b.get(`/api/recruitments/${post.id}`, { token: author.token })).json()).toMatchObject({ hidden: true });

      await resolve('RESTORE');
      await settle(200);
      const back = await state();
      expect(back).toMatchObject({ list: true, search: true, detail: 200, listPage: true });
      expect(back.page.status).toBe(200);
      expect(back.page.body).toContain(title);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
