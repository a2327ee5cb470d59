import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { useTestApp } from '../../../test/helpers.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { keepMatches } from './search-hits-queries.js';

/**
 * A kept keyword's totals under writes at the same time (migration 0024): a write that finds the entry held by
 * another write does not wait for it; its move waits in search_totals_pending, and the next write that holds the
 * entry folds it in. The totals a search reads stay exact throughout.
 */
describe('kept totals under concurrent writes', () => {
  const t = useTestApp({ now: NOON_SEOUL, env: { READ_CACHE: 'off' } });
  const clients: pg.Client[] = [];
  let ids: number[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      // a write that waited for the other would fail here instead of hanging
      const client = new pg.Client({ connectionString: (t.database as { url: string }).url, query_timeout: 5000 });
      await client.connect();
      clients.push(client);
    }
    const author = await t.user('작성자');
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date,
                                  inactive, views, created_at, updated_at)
          SELECT 'RECRUITMENT', ${author.id}, CASE WHEN g <= 3 THEN '자바 스터디 ' ELSE '파이썬 ' END || g, '설명', '주제', 5, 1,
                 DATE '2025-07-01', false, 0, TIMESTAMPTZ '2025-05-01T00:00:00Z' + g * interval '1 minute', now()
          FROM generate_series(1, 6) g RETURNING id`,
    );
    ids = rows.map((r) => r.id).sort((a, b) => a - b);
    await keepMatches(t.db, 'RECRUITMENT', '자바');
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
  });

  const state = async () => {
    const [row] = await queryRows<{ kept: number; pending: number; counted: number }>(
      t.db,
      sql`SELECT e.n_title + coalesce((SELECT sum(n_title) FROM search_totals_pending p WHERE p.keyword_id = e.id), 0)::int AS kept,
            (SELECT count(*) FROM search_totals_pending p WHERE p.keyword_id = e.id)::int AS pending,
            (SELECT count(*) FROM search_hits h WHERE h.keyword_id = e.id AND (h.fields & 1) <> 0)::int AS counted
          FROM search_keywords e WHERE e.keyword = '자바'`,
    );
    return row!;
  };
  const searchTotal = async () =>
    (await t.get(`/api/recruitments/search?searchType=title&keyword=${encodeURIComponent('자바')}`)).json().totalElements;

  it('a write that finds the entry held goes on at once; its move is pending, then folded by the next write', async () => {
    expect(await state()).toEqual({ kept: 3, pending: 0, counted: 3 });
    const [a, b] = clients as [pg.Client, pg.Client];
    await a.query('BEGIN');
    await a.query(`UPDATE base_posts SET title = '자바 백엔드' WHERE id = $1`, [ids[3]]);
    await b.query('BEGIN');
    // would wait for `a` until its commit (and time out) if the entry were locked and waited for
    await b.query(`UPDATE base_posts SET title = '자바 프론트' WHERE id = $1`, [ids[4]]);
    await b.query('COMMIT');
    expect(await state()).toEqual({ kept: 4, pending: 1, counted: 4 });
    await a.query('COMMIT');
    expect(await state()).toEqual({ kept: 5, pending: 1, counted: 5 });
    expect(await searchTotal()).toBe(5);

    await a.query(`UPDATE base_posts SET title = '러스트' WHERE id = $1`, [ids[0]]);
    expect(await state()).toEqual({ kept: 4, pending: 0, counted: 4 });
    expect(await searchTotal()).toBe(4);
  });

  it('two writes that each hold an entry the other needs both finish: neither waits', async () => {
    await keepMatches(t.db, 'RECRUITMENT', '파이썬');
    const [a, b] = clients as [pg.Client, pg.Client];
    await a.query('BEGIN');
    await b.query('BEGIN');
    // each post moves from one keyword to the other
    await a.query(`UPDATE base_posts SET title = '파이썬 입문' WHERE id = $1`, [ids[1]]);
    await b.query(`UPDATE base_posts SET title = '자바 입문' WHERE id = $1`, [ids[5]]);
    await a.query(`UPDATE base_posts SET title = '자바 심화' WHERE id = $1`, [ids[2]]);
    await Promise.all([a.query('COMMIT'), b.query('COMMIT')]);
    const totals = await queryRows<{ keyword: string; kept: number; counted: number }>(
      t.db,
      sql`SELECT e.keyword, e.n_all + coalesce((SELECT sum(n_all) FROM search_totals_pending p WHERE p.keyword_id = e.id), 0)::int AS kept,
            (SELECT count(*) FROM search_hits h WHERE h.keyword_id = e.id)::int AS counted
          FROM search_keywords e ORDER BY e.keyword`,
    );
    for (const row of totals) expect(row.kept, row.keyword).toBe(row.counted);
    expect(totals.map((r) => r.keyword)).toEqual(['자바', '파이썬']);
  });
});
