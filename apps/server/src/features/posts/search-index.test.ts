import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { containsKeyword } from '../../lib/text-search.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createRecruitment, NOON_SEOUL } from './testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOON_SEOUL });
  const author = await t.user('고랭개발자');
  await createRecruitment(t, author, { title: 'GOLANG 백엔드', description: '자바스크립트 없이 갑니다' });
  await createRecruitment(t, author, { title: '웹 프론트', description: '리액트와 타입스크립트' });
  await createRecruitment(t, author, { title: '달성률 50%', description: 'snake_case 규칙' });
});
afterAll(() => t.close());

const titles = async (url: string) =>
  ((await t.get(url)).json() as { content: Array<{ title: string }> }).content.map((p) => p.title);

describe('2-character keywords', () => {
  it('match inside words and case-insensitively, in every column', async () => {
    const q = encodeURIComponent;
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('Go')}`)).toEqual(['GOLANG 백엔드']);
    expect(await titles(`/api/recruitments/search?searchType=content&keyword=${q('바스')}`)).toEqual(['GOLANG 백엔드']);
    expect(await titles(`/api/recruitments/search?searchType=content&keyword=${q('립트')}`)).toEqual([
      '웹 프론트',
      'GOLANG 백엔드',
    ]);
    expect(await titles(`/api/recruitments/search?searchType=creator&keyword=${q('랭개')}`)).toHaveLength(3);
    expect(await titles(`/api/recruitments/search?keyword=${q('엔드')}`)).toEqual(['GOLANG 백엔드']);
  });

  it('match %, _ and \\ literally', async () => {
    const q = encodeURIComponent;
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('0%')}`)).toEqual(['달성률 50%']);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('%')}${q('%')}`)).toEqual([]);
    expect(await titles(`/api/recruitments/search?searchType=content&keyword=${q('E_')}`)).toEqual(['달성률 50%']);
    expect(await titles(`/api/recruitments/search?keyword=${q('_c')}`)).toEqual(['달성률 50%']);
    expect(await titles(`/api/recruitments/search?keyword=${q('\\s')}`)).toEqual([]);
  });

  it('are served by the bigram indexes, not by a scan', async () => {
    for (const [table, column, index] of [
      ['base_posts', 'title', 'base_posts_title_bigram_idx'],
      ['base_posts', 'description', 'base_posts_description_bigram_idx'],
      ['users', 'nickname', 'users_nickname_bigram_idx'],
      ['boards', 'title', 'boards_title_bigram_idx'],
      ['boards', 'content', 'boards_content_bigram_idx'],
    ]) {
      const plan = await t.db.transaction(async (tx) => {
        // The test table is tiny, where a scan is cheaper; forbid it to see whether an index can serve the query.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`EXPLAIN SELECT 1 FROM ${sql.identifier(table)} WHERE ${containsKeyword(sql`${sql.identifier(column)}`, '자바')}`,
        );
      });
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(index);
    }
  });
});
