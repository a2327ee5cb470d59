import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORT_DAILY_LIMIT } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { signTestToken } from '../../../test/signed-token.js';
import { makeGroup } from '../../../test/fixtures/groups.js';
import { createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { changeOperator } from './operators.js';

/** docs/api.md §10.4: reports, the operators' routes, the operator command. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true, env: { OPERATORS: ' ListedOp , someone-else' } });
const operator = t.suiteUser('운영자');

type Res = Awaited<ReturnType<typeof t.get>>;
const report = (user: TestUser, body: Record<string, unknown>) => t.post('/api/reports', { token: user.token, body });
const created = (res: Res) => {
  expect(res.statusCode, res.body).toBe(201);
  expect(res.body).toBe('신고가 접수되었습니다. 운영자가 확인한 뒤 조치하며, 결과는 따로 알려드리지 않습니다.');
};
const notFound = (res: Res) => expectError(res, 404, 'not_found', '신고할 대상을 찾을 수 없습니다.');
const reportRows = async (type: string, id: number) =>
  queryRows<{ reporter_id: number; reason: string; detail: string | null }>(
    t.db,
    sql`SELECT reporter_id, reason, detail FROM reports WHERE target_type = ${type} AND target_id = ${id} ORDER BY id`,
  );
const hiddenOf = async (table: string, id: number) =>
  (
    await queryRows<{ hidden_at: unknown; hidden_reason: string | null }>(
      t.db,
      sql`SELECT hidden_at, hidden_reason FROM ${sql.raw(table)} WHERE id = ${id}`,
    )
  )[0];
async function insertBoard(author: TestUser, title = '게시판 글'): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO boards (author_id, category_id, title, content, created_at, updated_at)
        VALUES (${author.id}, 1, ${title}, '본문입니다', now(), now()) RETURNING id`,
  );
  return row.id;
}
async function insertReply(author: TestUser, boardId: number, content: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO replies (board_id, author_id, content, created_at, updated_at)
        VALUES (${boardId}, ${author.id}, ${content}, now(), now()) RETURNING id`,
  );
  return row.id;
}
async function insertMessage(from: TestUser, to: TestUser, content = '대출 광고입니다'): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO messages (sender_id, receiver_id, content, sent_at) VALUES (${from.id}, ${to.id}, ${content}, now()) RETURNING id`,
  );
  return row.id;
}
async function grant(user: TestUser) {
  await t.relogin(user);
  expect((await changeOperator(t.db, 'grant', user.loginId, t.clock.now())).outcome).toMatch(/granted|already/);
}
describe('POST /api/reports', () => {
  it("stores a report of a post once per reporter (409 report_exists), refuses one's own (400) and answers 401 anonymously", async () => {
    const author = await t.user();
    const reporter = await t.user();
    const post = await createRecruitment(t, author, { title: '도박 광고' });
    expectError(
      await t.post('/api/reports', { body: { targetType: 'POST', targetId: post.id, reason: 'SPAM' } }),
      401,
      'login_required',
      '로그인이 필요합니다.',
    );
    created(await report(reporter, { targetType: 'POST', targetId: post.id, reason: 'SPAM', detail: '  도박 사이트 링크  ' }));
    expectError(
      await report(reporter, { targetType: 'POST', targetId: post.id, reason: 'SCAM' }),
      409,
      'report_exists',
      '이미 신고한 대상입니다.',
    );
    expectError(
      await report(author, { targetType: 'POST', targetId: post.id, reason: 'SPAM' }),
      400,
      'report_self',
      '자신의 글이나 계정은 신고할 수 없습니다.',
    );
    expectError(await report(author, { targetType: 'USER', targetId: author.id, reason: 'OTHER' }), 400, 'report_self');
    expect(await reportRows('POST', post.id)).toEqual([{ reporter_id: reporter.id, reason: 'SPAM', detail: '도박 사이트 링크' }]);
    // a string id is read as a number; an empty detail is none
    created(await report(reporter, { targetType: 'USER', targetId: String(author.id), reason: 'ABUSE', detail: '' }));
    expect(await reportRows('USER', author.id)).toEqual([{ reporter_id: reporter.id, reason: 'ABUSE', detail: null }]);
  });

  it('checks the fields with their own texts and stores nothing', async () => {
    const reporter = await t.user();
    const post = await createRecruitment(t, await t.user());
    const bad = (body: Record<string, unknown>, text: string) =>
      report(reporter, body).then((res) => expectError(res, 400, 'validation_failed', text));
    await bad({ targetId: post.id, reason: 'SPAM' }, '신고할 대상을 선택하세요.');
    await bad({ targetType: 'GROUP', targetId: post.id, reason: 'SPAM' }, '신고할 대상을 선택하세요.');
    await bad({ targetType: 'POST', targetId: 'abc', reason: 'SPAM' }, '신고할 대상이 올바르지 않습니다.');
    await bad({ targetType: 'POST', targetId: 0, reason: 'SPAM' }, '신고할 대상이 올바르지 않습니다.');
    await bad({ targetType: 'POST', targetId: post.id }, '신고 사유를 선택하세요.');
    await bad({ targetType: 'POST', targetId: post.id, reason: 'BORING' }, '신고 사유를 선택하세요.');
    await bad(
      { targetType: 'POST', targetId: post.id, reason: 'SPAM', detail: '가'.repeat(501) },
      '신고 내용은 500자 이내로 입력하세요.',
    );
    created(await report(reporter, { targetType: 'POST', targetId: post.id, reason: 'OTHER', detail: '가'.repeat(500) }));
    expect(await reportRows('POST', post.id)).toHaveLength(1);
  });

  it("answers 404 for what the reporter cannot see (another's 쪽지, a link or notice of another group, hidden, unknown, withdrawn) and stores nothing", async () => {
    const { id: groupId } = await makeGroup(t, await t.user('링크관리자'), []);
    const [admin] = await queryRows<{ user_id: number }>(
      t.db,
      sql`SELECT user_id FROM group_members WHERE group_id = ${groupId}`,
    );
    const member = await t.user();
    await t.db.execute(
      sql`INSERT INTO group_members (group_id, user_id, role, joined_by, joined_at) VALUES (${groupId}, ${member.id}, 'MEMBER', 'INVITE', now())`,
    );
    const outsider = await t.user();
    const [link] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO group_links (group_id, writer_id, title, url, created_at) VALUES (${groupId}, ${admin.user_id}, '카지노', 'https://casino.example', now()) RETURNING id`,
    );
    const [notice] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO group_notices (group_id, writer_id, title, content, created_at, updated_at) VALUES (${groupId}, ${admin.user_id}, '공지', '내용', now(), now()) RETURNING id`,
    );
    const sender = await t.user();
    const receiver = await t.user();
    const message = await insertMessage(sender, receiver);
    const hiddenBoard = await insertBoard(await t.user());
    await t.db.execute(sql`UPDATE boards SET hidden_at = now() WHERE id = ${hiddenBoard}`);
    const gone = await t.user();
    expect((await t.delete(`/api/users/${gone.id}`, { token: gone.token })).statusCode).toBe(200);

    notFound(await report(outsider, { targetType: 'LINK', targetId: link.id, reason: 'SPAM' }));
    notFound(await report(outsider, { targetType: 'NOTICE', targetId: notice.id, reason: 'SPAM' }));
    notFound(await report(outsider, { targetType: 'MESSAGE', targetId: message, reason: 'SPAM' }));
    notFound(await report(sender, { targetType: 'MESSAGE', targetId: message, reason: 'SPAM' }));
    notFound(await report(outsider, { targetType: 'BOARD', targetId: hiddenBoard, reason: 'SPAM' }));
    notFound(await report(outsider, { targetType: 'USER', targetId: gone.id, reason: 'SPAM' }));
    for (const type of ['POST', 'BOARD', 'REPLY', 'MESSAGE', 'USER', 'LINK', 'NOTICE']) {
      notFound(await report(outsider, { targetType: type, targetId: 99999999, reason: 'SPAM' }));
      notFound(await report(outsider, { targetType: type, targetId: 99999999999, reason: 'SPAM' }));
    }
    const [n] = await queryRows<{ n: number | string }>(
      t.db,
      sql`SELECT count(*) AS n FROM reports WHERE reporter_id IN (${outsider.id}, ${sender.id})`,
    );
    expect(Number(n.n)).toBe(0);
    // those who may read them can report them
    created(await report(member, { targetType: 'LINK', targetId: link.id, reason: 'SCAM' }));
    created(await report(member, { targetType: 'NOTICE', targetId: notice.id, reason: 'ABUSE' }));
    created(await report(receiver, { targetType: 'MESSAGE', targetId: message, reason: 'SPAM' }));
  });

  it(`allows ${REPORT_DAILY_LIMIT} reports in 24 hours, then 429 report_limit with nothing stored`, async () => {
    const reporter = await t.user();
    const targets = await Promise.all(Array.from({ length: REPORT_DAILY_LIMIT + 1 }, () => t.user()));
    for (const target of targets.slice(0, REPORT_DAILY_LIMIT)) {
      created(await report(reporter, { targetType: 'USER', targetId: target.id, reason: 'SPAM' }));
    }
    const last = targets[REPORT_DAILY_LIMIT];
    const res = await report(reporter, { targetType: 'USER', targetId: last.id, reason: 'SPAM' });
    expectError(res, 429, 'report_limit', `신고는 하루에 ${REPORT_DAILY_LIMIT}건까지 할 수 있습니다.`);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reportRows('USER', last.id)).toEqual([]);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await t.relogin(reporter);
    created(await report(reporter, { targetType: 'USER', targetId: last.id, reason: 'SPAM' }));
  });
});

describe("the operators' routes", () => {
  it('answer 401 anonymously and with an expired token, 403 operator_only to a normal user and to a forged role claim', async () => {
    await grant(operator);
    const user = await t.user();
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const forged = await signTestToken(
      { uid: user.id, tv: 0, role: 'OPERATOR', roles: ['ROLE_OPERATOR'], operator: true },
      user.loginId,
      now,
      now + 3600,
    );
    const expired = await signTestToken({ uid: operator.id, tv: 0 }, operator.loginId, now - 7200, now - 3600);
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/reports?status=RESOLVED'],
      ['GET', '/api/admin/audit'],
      ['POST', '/api/admin/reports/POST/1/resolve'],
    ];
    for (const [method, url] of routes) {
      const call = (token?: string) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: method === 'POST' ? { action: 'HIDE', note: '메모' } : undefined,
        });
      expectError(await call(), 401, 'login_required', '로그인이 필요합니다.');
      expectError(await call(expired), 401, 'login_required', '로그인이 필요합니다.');
      expectError(await call(user.token), 403, 'operator_only', '운영자만 이용할 수 있습니다.');
      expectError(await call(forged), 403, 'operator_only', '운영자만 이용할 수 있습니다.');
      expect((await call(operator.token)).statusCode).not.toBe(403);
    }
  });

  it('count an account listed in OPERATORS (case-insensitive, registered after start-up) while it is listed', async () => {
    const listed = await t.user();
    expectError(await t.get('/api/admin/audit', { token: listed.token }), 403, 'operator_only');
    await t.db.execute(sql`UPDATE users SET login_id = 'listedOP' WHERE id = ${listed.id}`);
    expect((await t.get('/api/admin/audit', { token: listed.token })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE users SET login_id = 'listedop2' WHERE id = ${listed.id}`);
    expectError(await t.get('/api/admin/audit', { token: listed.token }), 403, 'operator_only');
  });

  it('list targets most reported first with the text in its context and the reasons; HIDE, RESTORE and DISMISS close them and write the audit log', async () => {
    await grant(operator);
    const author = await t.user('글쓴이');
    const reporters = await Promise.all([t.user('신고자하나'), t.user('신고자둘'), t.user('신고자셋')]);
    const post = await createRecruitment(t, author, { title: '카지노 홍보 공고' });
    const board = await insertBoard(author, '질문 있어요');
    const reply = await insertReply(author, board, '욕설 댓글');
    for (const [i, r] of reporters.entries()) {
      t.clock.advance(1000);
      created(
        await report(r, {
          targetType: 'POST',
          targetId: post.id,
          reason: i === 0 ? 'SCAM' : 'SPAM',
          detail: i === 0 ? '사기입니다' : null,
        }),
      );
    }
    t.clock.advance(1000);
    created(await report(reporters[0], { targetType: 'REPLY', targetId: reply, reason: 'ABUSE' }));
    const queue = async (status = 'OPEN') =>
      (await t.get(`/api/admin/reports?status=${status}`, { token: operator.token })).json();
    const open = await queue();
    const mine = open.content.filter(
      (i: { targetId: number; targetType: string }) =>
        (i.targetType === 'POST' && i.targetId === post.id) || (i.targetType === 'REPLY' && i.targetId === reply),
    );
    expect(mine.map((i: { targetType: string }) => i.targetType)).toEqual(['POST', 'REPLY']);
    expect(mine[0]).toMatchObject({
      reportCount: 3,
      reasons: { SPAM: 2, SCAM: 1, ABUSE: 0, PERSONAL_INFO: 0, OTHER: 0 },
      target: {
        exists: true,
        authorId: author.id,
        authorNickname: '글쓴이',
        title: '카지노 홍보 공고',
        hidden: false,
        hiddenReason: null,
      },
    });
    expect(
      mine[0].reports.map((r: { reporterNickname: string; reason: string; detail: string | null }) => [
        r.reporterNickname,
        r.reason,
        r.detail,
      ]),
    ).toEqual([
      ['신고자하나', 'SCAM', '사기입니다'],
      ['신고자둘', 'SPAM', null],
      ['신고자셋', 'SPAM', null],
    ]);
    expect(mine[1].target).toMatchObject({ text: '욕설 댓글', context: '게시글: 질문 있어요' });
    expect(open.content[0].reportCount).toBeGreaterThanOrEqual(open.content[open.content.length - 1].reportCount);

    const resolve = (type: string, id: number, body: Record<string, unknown>, user: TestUser = operator) =>
      t.post(`/api/admin/reports/${type}/${id}/resolve`, { token: user.token, body });
    // the body is checked after the operator and the target
    expectError(await resolve('POST', post.id, { note: '메모' }), 400, 'validation_failed', '처리 방법을 선택하세요.');
    expectError(
      await resolve('POST', post.id, { action: 'HIDE', note: '  ' }),
      400,
      'validation_failed',
      '처리 메모를 입력하세요.',
    );
    expectError(
      await resolve('POST', post.id, { action: 'HIDE', note: '가'.repeat(501) }),
      400,
      'validation_failed',
      '처리 메모는 500자 이내로 입력하세요.',
    );
    expectError(await resolve('POST', 99999999, {}), 404, 'target_not_found', '신고된 대상이 삭제되어 처리할 수 없습니다.');
    expectError(await resolve('GROUP', post.id, { action: 'HIDE', note: '메모' }), 400, 'validation_failed');
    expectError(
      await resolve('USER', author.id, { action: 'HIDE', note: '메모' }),
      400,
      'not_hideable',
      '쪽지와 사용자는 숨길 수 없습니다. 기각하거나 이용을 정지하세요.',
    );

    const hide = await resolve('POST', post.id, { action: 'HIDE', note: '도박 광고' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.body).toBe('숨김 처리했습니다.');
    expect((await hiddenOf('base_posts', post.id)).hidden_reason).toBe('도박 광고');
    const afterHide = await queue();
    expect(
      afterHide.content.some((i: { targetId: number; targetType: string }) => i.targetType === 'POST' && i.targetId === post.id),
    ).toBe(false);
    const resolved = await queue('RESOLVED');
    expect(
      resolved.content.find((i: { targetId: number; targetType: string }) => i.targetType === 'POST' && i.targetId === post.id),
    ).toMatchObject({
      reportCount: 3,
      target: { hidden: true, hiddenReason: '도박 광고' },
    });
    const restore = await resolve('POST', post.id, { action: 'RESTORE', note: '오판' });
    expect(restore.body).toBe('숨김을 해제했습니다.');
    expect(await hiddenOf('base_posts', post.id)).toEqual({ hidden_at: null, hidden_reason: null });
    const dismiss = await resolve('REPLY', reply, { action: 'DISMISS', note: '문제 없음' });
    expect(dismiss.body).toBe('신고를 기각했습니다.');
    expect((await hiddenOf('replies', reply)).hidden_at).toBeNull();

    const audit = (await t.get('/api/admin/audit', { token: operator.token })).json();
    expect(
      audit.content
        .slice(0, 3)
        .map((a: Record<string, unknown>) => [a.action, a.targetType, a.targetId, a.note, a.operatorId, a.operatorNickname]),
    ).toEqual([
      ['DISMISS', 'REPLY', reply, '문제 없음', operator.id, '운영자'],
      ['RESTORE', 'POST', post.id, '오판', operator.id, '운영자'],
      ['HIDE', 'POST', post.id, '도박 광고', operator.id, '운영자'],
    ]);
    expect(audit.content[0].createdDateTime).toMatch(/\+09:00$/);

    // acting on a target deleted meanwhile: 404, nothing written
    await t.db.execute(sql`DELETE FROM replies WHERE id = ${reply}`);
    expectError(await resolve('REPLY', reply, { action: 'HIDE', note: '메모' }), 404, 'target_not_found');
    const resolvedReply = (await queue('RESOLVED')).content.find(
      (i: { targetId: number; targetType: string }) => i.targetType === 'REPLY' && i.targetId === reply,
    );
    expect(resolvedReply.target).toMatchObject({ exists: false, text: null });
    expect((await t.get('/api/admin/audit', { token: operator.token })).json().totalElements).toBe(audit.totalElements);
  });
});

describe('npm run operator -- grant|revoke', () => {
  it('grants and revokes by login id (case-insensitive), says when nothing changed, and logs it with no operator', async () => {
    const user = await t.user();
    const at = t.clock.now();
    expect(await changeOperator(t.db, 'grant', user.loginId.toUpperCase(), at)).toEqual({
      outcome: 'granted',
      userId: user.id,
      loginId: user.loginId,
    });
    expect((await changeOperator(t.db, 'grant', user.loginId, at)).outcome).toBe('already');
    expect((await t.get('/api/admin/audit', { token: user.token })).statusCode).toBe(200);
    expect((await changeOperator(t.db, 'revoke', user.loginId, at)).outcome).toBe('revoked');
    expect((await changeOperator(t.db, 'revoke', user.loginId, at)).outcome).toBe('was-not');
    expectError(await t.get('/api/admin/audit', { token: user.token }), 403, 'operator_only');
    expect((await changeOperator(t.db, 'grant', 'nobody-here', at)).outcome).toBe('unknown');
    const rows = await queryRows<{ action: string; operator_id: number | null }>(
      t.db,
      sql`SELECT action, operator_id FROM moderation_audit WHERE target_type = 'USER' AND target_id = ${user.id} ORDER BY id`,
    );
    expect(rows).toEqual([
      { action: 'GRANT', operator_id: null },
      { action: 'REVOKE', operator_id: null },
    ]);
  });
});
