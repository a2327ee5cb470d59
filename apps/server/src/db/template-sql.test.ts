import { sql, type SQL } from 'drizzle-orm';
import { integer, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ListFilter, SearchType } from '@app/contract';
import { searchPosts } from '../features/posts/search-queries.js';
import type { Db } from './client.js';
import { compileTemplate } from './template-sql.js';

const drizzle = new PgDialect();
const byDrizzle = (query: SQL) => {
  const { sql: text, params } = drizzle.sqlToQuery(query);
  return { sql: text, params };
};

/** The statements a search runs, built without a database (their rows are not needed). */
async function searchStatements(
  kind: 'RECRUITMENT' | 'STUDY_GROUP',
  page: number,
  type: SearchType,
  keyword: string,
  filter: ListFilter,
) {
  const statements: SQL[] = [];
  const db = {
    execute: async (query: SQL) => (statements.push(query), { rows: [] }),
    transaction: async (work: (tx: unknown) => unknown) => work(db),
  };
  // as a keyword seen kept: its list alone is asked first (no rows here), then the whole statement
  const likelyKept = true;
  await searchPosts(
    db as unknown as Db,
    kind,
    '2025-06-01',
    { page, size: 16, offset: page * 16 },
    { type, keyword },
    filter,
    likelyKept,
  );
  return statements;
}

const KEYWORDS = [
  '자바',
  'ㅈㅂ',
  'ㅅㅍㄹ',
  '스프링 부트',
  '리액트',
  'React',
  'JS',
  'Go',
  'iO',
  'C++',
  '%_\\',
  '🔥 열정',
  'ㄱ'.repeat(50),
  'ㅅ프링',
  'Node.js',
  '데이터 분석',
];
const FILTERS: ListFilter[] = [
  { stacks: [], open: false, order: 'latest' },
  { stacks: ['React', 'Java'], open: true, order: 'views' },
  { stacks: [], open: false, order: 'relevance' },
  { stacks: ['Go'], open: false, order: 'relevance' },
];

describe('compileTemplate', () => {
  it("makes drizzle's text and parameters of every search statement (kinds, types, filters, orders, pages)", async () => {
    let compared = 0;
    for (const kind of ['RECRUITMENT', 'STUDY_GROUP'] as const)
      for (const type of ['all', 'title', 'content', 'creator'] as const)
        for (const keyword of KEYWORDS)
          for (const filter of FILTERS)
            for (const page of [0, 3, 12]) {
              for (const statement of await searchStatements(kind, page, type, keyword, filter)) {
                expect(compileTemplate(statement)).toEqual(byDrizzle(statement));
                compared++;
              }
            }
    expect(compared).toBeGreaterThan(2 * 4 * KEYWORDS.length * FILTERS.length * 3);
  });

  it('lists, nested templates, raw text and every kind of plain value', () => {
    const query = sql`SELECT ${sql.raw('a')} FROM t WHERE x IN ${[1, 'b', null]} AND y = ${true} AND z = ${10n}
      AND ${sql.join([sql`p = ${'q'}`, sql`r IN ${[[1, 2], 3]}`, sql.empty()], sql` OR `)} ${undefined}`;
    expect(compileTemplate(query)).toEqual(byDrizzle(query));
    expect(compileTemplate(query)!.params).toEqual([1, 'b', null, true, 10n, 'q', 1, 2, 3]);
  });

  it('leaves to drizzle what is not plain templates: tables, columns, names, encoded and inlined params', () => {
    const table = pgTable('things', { id: integer('id') });
    for (const query of [
      sql`SELECT * FROM ${table}`,
      sql`SELECT ${table.id} FROM things`,
      sql`SELECT * FROM ${sql.identifier('things')}`,
      sql`SELECT ${sql.param(1)}`,
      sql`SELECT ${new Date(0)}`,
      sql`SELECT ${sql`${1}`.inlineParams()}`,
    ])
      expect(compileTemplate(query)).toBeNull();
  });
});
