import { describe, expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../../../test/helpers.js';
import { createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { changeOperator } from './operators.js';

/** The operators' queue reads its page's targets and reports together: the same statements for 2 items as for 12. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const operator = t.suiteUser('큐운영자');
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** A reported post and a reported reply of a board, each by two reporters. */
async function reportTwoMore(reporters: TestUser[]) {
  const author = await t.user();
  const post = await createRecruitment(t, author, { title: '홍보 공고' });
  const board = await t.post('/api/boards', { token: author.token, body: { title: '질문', content: '내용', categoryId: 1 } });
  const boardId = Number(/(\d+)$/.exec(String(board.headers.location))![1]);
  const reply = await t.post('/api/replies', { token: author.token, body: { boardId, content: '광고 댓글' } });
  expect(reply.statusCode, reply.body).toBe(201);
  const replyId = Number(reply.json().id);
  for (const reporter of reporters) {
    t.clock.advance(1000);
    for (const body of [
      { targetType: 'POST', targetId: post.id, reason: 'SPAM' },
      { targetType: 'REPLY', targetId: replyId, reason: 'ABUSE' },
    ])
      expect((await t.post('/api/reports', { token: reporter.token, body })).statusCode).toBe(201);
  }
}

async function queueStatements() {
  const { result, statements } = await t.countQueries(() => t.get('/api/admin/reports?status=OPEN', { token: operator.token }));
  expect(result.statusCode, result.body).toBe(200);
  return {
    items: result.json().content as Array<{ reports: unknown[]; target: { exists: boolean } }>,
    n: statements.filter((s) => !TRANSACTION_CONTROL.test(s)).length,
  };
}

describe('GET /api/admin/reports', () => {
  it('runs as many statements for a page of 12 items as for 2, each item with its target and reports', async () => {
    await t.relogin(operator);
    expect((await changeOperator(t.db, 'grant', operator.loginId, t.clock.now())).outcome).toMatch(/granted|already/);
    const reporters = [await t.user(), await t.user()];
    await reportTwoMore(reporters);
    const small = await queueStatements();
    expect(small.items).toHaveLength(2);
    for (let i = 0; i < 5; i++) await reportTwoMore(reporters);
    const large = await queueStatements();
    expect(large.items).toHaveLength(12);
    expect(large.n).toBe(small.n);
    for (const item of large.items) {
      expect(item.target.exists).toBe(true);
      expect(item.reports).toHaveLength(2);
    }
  });
});
