import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { HIDDEN_BY_REPORTS_TEXT } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { useTestApp, type TestUser } from '../../../test/helpers.js';
import { createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { changeOperator } from './operators.js';

/** docs/api.md §10.4: content hides itself when 3 distinct reporters whose accounts are older than 24 hours report it. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const HOUR_MS = 60 * 60 * 1000;

afterEach(() => t.clock.set(NOON_SEOUL));

/** Users made now, then the clock moves past their first day (every given user logs in again). */
async function agedUsers(n: number, others: TestUser[] = []): Promise<TestUser[]> {
  const users = await Promise.all(Array.from({ length: n }, () => t.user()));
  t.clock.advance(25 * HOUR_MS);
  for (const u of [...users, ...others]) await t.relogin(u);
  return users;
}
const report = (user: TestUser, targetType: string, targetId: number) =>
  t.post('/api/reports', { token: user.token, body: { targetType, targetId, reason: 'SPAM' } });
const reportAll = async (users: TestUser[], targetType: string, targetId: number) => {
  for (const u of users) expect((await report(u, targetType, targetId)).statusCode).toBe(201);
};
const hiddenOf = async (table: string, id: number) =>
  (
    await queryRows<{ hidden_at: unknown; hidden_reason: string | null }>(
      t.db,
      sql`SELECT hidden_at, hidden_reason FROM ${sql.raw(table)} WHERE id = ${id}`,
    )
  )[0];
const auditOf = (type: string, id: number) =>
  queryRows<{ action: string; operator_id: number | null; note: string }>(
    t.db,
    sql`SELECT action, operator_id, note FROM moderation_audit WHERE target_type = ${type} AND target_id = ${id} ORDER BY id`,
  );
async function insertBoard(author: TestUser): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO boards (author_id, category_id, title, content, created_at, updated_at)
        VALUES (${author.id}, 1, '게시판 글', '본문', now(), now()) RETURNING id`,
  );
  return row.id;
}
async function createReply(author: TestUser, boardId: number): Promise<number> {
  const res = await t.post('/api/replies', { token: author.token, body: { boardId, content: '댓글' } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('automatic hide', () => {
  it('hides a post at the third report from accounts older than 24 hours, with the reports text, an audit entry without operator, and the change published', async () => {
    const author = await t.user();
    const reporters = await agedUsers(3, [author]);
    const post = await createRecruitment(t, author, { title: '불법 도박 공고' });
    const published: string[][] = [];
    const stop = t.ctx.changes.subscribe((tags) => published.push([...tags]));
    try {
      await reportAll(reporters.slice(0, 2), 'POST', post.id);
      expect((await hiddenOf('base_posts', post.id)).hidden_at).toBeNull();
      expect(published).toEqual([]);
      await reportAll(reporters.slice(2), 'POST', post.id);
    } finally {
      stop();
    }
    expect((await hiddenOf('base_posts', post.id)).hidden_reason).toBe(HIDDEN_BY_REPORTS_TEXT);
    expect(await auditOf('POST', post.id)).toEqual([{ action: 'HIDE', operator_id: null, note: HIDDEN_BY_REPORTS_TEXT }]);
    expect(published.flat()).toContain(`post:${post.id}`);
    // the reports stay open for an operator, who sees the target hidden
    const [open] = await queryRows<{ n: string | number }>(
      t.db,
      sql`SELECT count(*) AS n FROM reports WHERE target_type = 'POST' AND target_id = ${post.id} AND resolved_at IS NULL`,
    );
    expect(Number(open.n)).toBe(3);
  });

  it('hides once when the third and fourth reports come at once', async () => {
    const author = await t.user();
    const reporters = await agedUsers(4, [author]);
    const post = await createRecruitment(t, author);
    await reportAll(reporters.slice(0, 2), 'POST', post.id);
    const both = await Promise.all(reporters.slice(2).map((u) => report(u, 'POST', post.id)));
    // the later one may find the post hidden already: then it cannot see it (404), as anyone after
    expect(both.map((r) => r.statusCode).sort()).toSatisfy(
      (codes: number[]) => codes[0] === 201 && [201, 404].includes(codes[1]),
    );
    expect((await hiddenOf('base_posts', post.id)).hidden_reason).toBe(HIDDEN_BY_REPORTS_TEXT);
    expect(await auditOf('POST', post.id)).toHaveLength(1);
  });

  it('does not count accounts younger than 24 hours when they reported, nor one report counted twice', async () => {
    const author = await t.user();
    const fresh = await Promise.all([t.user(), t.user(), t.user()]);
    const post = await createRecruitment(t, author);
    // three reports from accounts made a minute ago: nothing hidden
    t.clock.advance(60_000);
    for (const u of fresh) await t.relogin(u);
    await reportAll(fresh, 'POST', post.id);
    expect((await hiddenOf('base_posts', post.id)).hidden_at).toBeNull();
    // a day later those accounts are old, but their reports were made young; two old reporters are still two
    const old = await agedUsers(2, [author]);
    await reportAll(old, 'POST', post.id);
    expect((await hiddenOf('base_posts', post.id)).hidden_at).toBeNull();
    expect(await auditOf('POST', post.id)).toEqual([]);
    const third = (await agedUsers(1))[0];
    await reportAll([third], 'POST', post.id);
    expect((await hiddenOf('base_posts', post.id)).hidden_reason).toBe(HIDDEN_BY_REPORTS_TEXT);
  });

  it('hides boards and replies; never a 쪽지 or a profile', async () => {
    const author = await t.user();
    const board = await insertBoard(author);
    const reporters = await agedUsers(3, [author]);
    const reply = await createReply(author, board);
    await reportAll(reporters, 'REPLY', reply);
    await reportAll(reporters, 'USER', author.id);
    expect((await hiddenOf('replies', reply)).hidden_reason).toBe(HIDDEN_BY_REPORTS_TEXT);
    expect((await hiddenOf('boards', board)).hidden_at).toBeNull();
    await reportAll(reporters, 'BOARD', board);
    expect((await hiddenOf('boards', board)).hidden_reason).toBe(HIDDEN_BY_REPORTS_TEXT);
    expect(await auditOf('USER', author.id)).toEqual([]);
  });

  it('after an operator restores it, only three new reporters hide it again', async () => {
    const operator = await t.user();
    await changeOperator(t.db, 'grant', operator.loginId, t.clock.now());
    const author = await t.user();
    const first = await agedUsers(3, [author, operator]);
    const post = await createRecruitment(t, author);
    await reportAll(first, 'POST', post.id);
    expect((await hiddenOf('base_posts', post.id)).hidden_at).not.toBeNull();
    const restore = await t.post(`/api/admin/reports/POST/${post.id}/resolve`, {
      token: operator.token,
      body: { action: 'RESTORE', note: '문제 없는 공고' },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    const second = await agedUsers(3, [author, operator]);
    await reportAll(second.slice(0, 2), 'POST', post.id);
    expect(await hiddenOf('base_posts', post.id)).toEqual({ hidden_at: null, hidden_reason: null });
    await reportAll(second.slice(2), 'POST', post.id);
    expect((await hiddenOf('base_posts', post.id)).hidden_reason).toBe(HIDDEN_BY_REPORTS_TEXT);
    expect((await auditOf('POST', post.id)).map((a) => [a.action, a.operator_id])).toEqual([
      ['HIDE', null],
      ['RESTORE', operator.id],
      ['HIDE', null],
    ]);
  });
});
