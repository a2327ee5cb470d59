/**
 * QA: docs/api.md §7 (withdrawal) across every table that exists, in one scenario, plus §8.21 and §8.28.
 * Written from the API reference (docs/api.md) alone.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applicationProfiles,
  applications,
  basePosts,
  groupMembers,
  loginFailures,
  messages,
  postTags,
  users,
  viewRecords,
} from '../../db/schema/index.js';
import {
  addProfile,
  applyTo,
  createRecruitment,
  createStudy,
  decide,
  NOON_SEOUL,
  recruitmentBody,
} from '../../../test/fixtures/posts.js';
import { expectError, nextIp, useTestApp, type TestUser } from '../../../test/helpers.js';

const t = useTestApp({ now: NOON_SEOUL });

const WITHDRAWN = '탈퇴한 사용자';
const current = async (postId: number) =>
  (await t.db.select({ n: basePosts.currentMembers }).from(basePosts).where(eq(basePosts.id, postId)))[0]?.n;
const count = async (query: Promise<unknown[]>) => (await query).length;

async function sendMessage(from: TestUser, to: TestUser, content: string) {
  const res = await t.post('/api/messages', { token: from.token, body: { receiverName: to.nickname, content } });
  expect(res.statusCode, res.body).toBe(201);
}

describe('DELETE /api/users/{id}: every table of docs/api.md §7', () => {
  it('removes, keeps and renames exactly as the table says, in one go', async () => {
    const author = await t.user();
    const other = await t.user();
    const leaver = await t.user();
    await addProfile(t, leaver);
    await addProfile(t, other);

    // an APPROVED application on a post without a group: the seat comes back
    const open = await createRecruitment(t, author);
    expect((await decide(t, author, await applyTo(t, leaver, open.id), 'APPROVED')).statusCode).toBe(200);
    expect(await current(open.id)).toBe(2);
    // membership in a group (through an approved application): handled as a leave
    const study = await createStudy(t, author);
    expect((await decide(t, author, await applyTo(t, leaver, study.id), 'APPROVED')).statusCode).toBe(200);
    expect((await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token })).statusCode).toBe(200);
    const group = await t.post('/api/groups', {
      token: author.token,
      body: { basePostId: study.id, name: '알고리즘 그룹', description: '매주 토요일' },
    });
    expect(group.statusCode, group.body).toBe(201);
    expect(await current(study.id)).toBe(2);

    // own post without a group, with a tag, someone else's application and view record
    const own = await createRecruitment(t, leaver, { tags: ['Go'] });
    await applyTo(t, other, own.id);
    expect((await t.post(`/api/base-posts/${own.id}/view`, { token: other.token })).statusCode).toBe(204);
    // the leaver's own view records, on a post and on a board
    expect((await t.post(`/api/base-posts/${open.id}/view`, { token: leaver.token })).statusCode).toBe(204);

    // boards and replies stay
    const board = await t.post('/api/boards', {
      token: leaver.token,
      body: { title: '남길 글', content: '본문', categoryId: 1 },
    });
    expect(board.statusCode, board.body).toBe(201);
    const boardId = Number(String(board.headers.location).split('/').pop());
    const authorBoard = await t.post('/api/boards', {
      token: author.token,
      body: { title: '작성자 글', content: '본문', categoryId: 1 },
    });
    const authorBoardId = Number(String(authorBoard.headers.location).split('/').pop());
    expect((await t.post(`/api/boards/${authorBoardId}/view`, { token: leaver.token })).statusCode).toBe(204);
    const reply = await t.post('/api/replies', { token: leaver.token, body: { boardId: authorBoardId, content: '남길 댓글' } });
    expect(reply.statusCode, reply.body).toBe(201);

    // sent 쪽지 stay, received ones go
    await sendMessage(leaver, author, '보낸 쪽지');
    await sendMessage(author, leaver, '받은 쪽지');

    // login-failure state
    await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: leaver.loginId, password: 'wrong-password' } });

    const res = await t.delete(`/api/users/${leaver.id}`, { token: leaver.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('회원이 성공적으로 삭제되었습니다.');

    // the tombstone keeps its id; personal fields are cleared; the token version moved on
    const [row] = await t.db.select().from(users).where(eq(users.id, leaver.id));
    expect(row).toMatchObject({
      loginId: null,
      passwordHash: null,
      email: null,
      phoneNumber: null,
      nickname: null,
      tokenVersion: 1,
    });
    expect(row.withdrawnAt).not.toBeNull();
    expectError(await t.get('/api/users/me', { token: leaver.token }), 401, 'login_required', '로그인이 필요합니다.');

    // removed
    expect(await count(t.db.select().from(applicationProfiles).where(eq(applicationProfiles.userId, leaver.id)))).toBe(0);
    expect(await count(t.db.select().from(applications).where(eq(applications.applicantId, leaver.id)))).toBe(0);
    expect(await count(t.db.select().from(basePosts).where(eq(basePosts.creatorId, leaver.id)))).toBe(0);
    expect(await count(t.db.select().from(postTags).where(eq(postTags.postId, own.id)))).toBe(0);
    expect(await count(t.db.select().from(applications).where(eq(applications.postId, own.id)))).toBe(0);
    expect(await count(t.db.select().from(viewRecords).where(eq(viewRecords.targetId, own.id)))).toBe(0);
    expect(
      await count(
        t.db
          .select()
          .from(viewRecords)
          .where(eq(viewRecords.viewerKey, `u:${leaver.id}`)),
      ),
    ).toBe(0);
    expect(await count(t.db.select().from(groupMembers).where(eq(groupMembers.userId, leaver.id)))).toBe(0);
    expect(await count(t.db.select().from(messages).where(eq(messages.receiverId, leaver.id)))).toBe(0);
    expect(
      await count(
        t.db
          .select()
          .from(loginFailures)
          .where(sql`${loginFailures.key} = lower(${leaver.loginId})`),
      ),
    ).toBe(0);
    expect((await t.get(`/api/applications/${own.id}/list`, { token: other.token })).statusCode).toBe(404);

    // counters: the approved seat and the group seat both come back; counted views stay
    expect(await current(open.id)).toBe(1);
    expect(await current(study.id)).toBe(1);
    const [openRow] = await t.db.select({ views: basePosts.views }).from(basePosts).where(eq(basePosts.id, open.id));
    expect(openRow.views).toBe(1);

    // kept, shown as 탈퇴한 사용자
    const kept = (await t.get(`/api/boards/${boardId}`, { token: author.token })).json();
    expect(kept.board.authorNickname).toBe(WITHDRAWN);
    expect(kept.board.author).toMatchObject({ id: leaver.id, loginId: null, nickname: WITHDRAWN });
    const thread = (await t.get(`/api/boards/${authorBoardId}`)).json();
    expect(thread.replies.content.map((r: { authorNickname: string }) => r.authorNickname)).toEqual([WITHDRAWN]);
    const inboxPage = (await t.get('/api/messages', { token: author.token })).json();
    const sent = inboxPage.content.find((m: { content: string }) => m.content === '보낸 쪽지');
    expect(sent.senderName).toBe(WITHDRAWN);
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.json().id));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[author.id, 'ADMIN']]);

    // nobody can reach the old name, and the login id and nickname are free again
    expectError(
      await t.post('/api/messages', { token: author.token, body: { receiverName: leaver.nickname, content: '안녕' } }),
      400,
      'user_not_found',
      '수신자를 찾을 수 없습니다.',
    );
    const again = await t.post('/api/users/register', {
      ip: nextIp(),
      body: {
        loginId: leaver.loginId,
        password: 'password123!',
        email: 'new@example.com',
        phoneNumber: '01011112222',
        nickname: leaver.nickname,
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    // the newcomer inherits nothing
    const newcomer = await t.post('/api/auth/login', {
      ip: nextIp(),
      body: { loginId: leaver.loginId, password: 'password123!' },
    });
    const token = newcomer.json().token as string;
    expect((await t.get('/api/messages', { token })).json().totalElements).toBe(0);
    expect((await t.get('/api/applications/my-list', { token })).json()).toEqual([]);
    expect((await t.get('/api/boards/my', { token })).json().totalElements).toBe(0);
  });
});

describe('DELETE /api/users/{id} racing POST /api/groups from the same author', () => {
  it('ends either refused as group admin or withdrawn with the post gone: never a 500, never a group without its admin', async () => {
    for (let i = 0; i < 8; i++) {
      t.resetLimits();
      const author = await t.user();
      const post = await createRecruitment(t, author);
      expect((await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token })).statusCode).toBeLessThan(300);
      const [group, withdrawal] = await Promise.all([
        t.post('/api/groups', {
          token: author.token,
          body: { basePostId: post.id, name: '경쟁 그룹', description: '동시에 만든 그룹' },
        }),
        t.delete(`/api/users/${author.id}`, { token: author.token }),
      ]);
      if (group.statusCode === 201) {
        expectError(withdrawal, 400, 'group_admin', '관리 중인 그룹이 있어 탈퇴할 수 없습니다. 그룹을 먼저 삭제해주세요.');
      } else {
        expect(withdrawal.statusCode, withdrawal.body).toBe(200);
        // the post is gone, or (when the withdrawal finished first) the token already is
        if (group.statusCode === 401) expectError(group, 401, 'login_required');
        else expectError(group, 404, 'not_found');
      }
    }
    const adminless = await t.db.execute(
      sql`SELECT g.id FROM groups g WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.role = 'ADMIN')`,
    );
    expect((adminless as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('DELETE /api/users/{id} racing the approval of that user', () => {
  it('gives the seat back whichever finishes first: the post counts only its author afterwards', async () => {
    const author = await t.user();
    for (let i = 0; i < 8; i++) {
      t.resetLimits();
      const applicant = await t.user();
      await addProfile(t, applicant);
      const post = await createRecruitment(t, author, { totalMembers: 5 });
      const applicationId = await applyTo(t, applicant, post.id);
      const [approval, withdrawal] = await Promise.all([
        decide(t, author, applicationId, 'APPROVED'),
        t.delete(`/api/users/${applicant.id}`, { token: applicant.token }),
      ]);
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      // the approval came first (200), or found the application gone with its applicant (404)
      if (approval.statusCode !== 200) expectError(approval, 404, 'not_found');
      expect(await current(post.id), `round ${i}: approval ${approval.statusCode}`).toBe(1);
    }
  });
});

describe('DELETE /api/users/{id} racing what the same user creates', () => {
  it('leaves no post, application or profile of the withdrawn user: each create committed first and went, or answered 401', async () => {
    const author = await t.user();
    for (let i = 0; i < 8; i++) {
      t.resetLimits();
      const target = await createRecruitment(t, author);
      const leaver = await t.user();
      await addProfile(t, leaver);
      const [post, application, withdrawal] = await Promise.all([
        t.post('/api/recruitments', { token: leaver.token, body: recruitmentBody() }),
        t.post('/api/applications', { token: leaver.token, body: { recruitmentId: target.id } }),
        t.delete(`/api/users/${leaver.id}`, { token: leaver.token }),
      ]);
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      if (post.statusCode !== 201) expectError(post, 401, 'login_required', '로그인이 필요합니다.');
      // an apply checked after the withdrawal may first miss the profile that went with it
      if (application.statusCode === 400) expectError(application, 400, 'profile_required');
      else if (application.statusCode !== 201) expectError(application, 401, 'login_required', '로그인이 필요합니다.');
      const profile = t.post('/api/user-info', {
        token: leaver.token,
        body: { contact: '01055556666', field: '백엔드', techStacks: [] },
      });
      expectError(await profile, 401, 'login_required');
      const round = `round ${i}: post ${post.statusCode}, application ${application.statusCode}`;
      expect(await count(t.db.select().from(basePosts).where(eq(basePosts.creatorId, leaver.id))), round).toBe(0);
      expect(await count(t.db.select().from(applications).where(eq(applications.applicantId, leaver.id))), round).toBe(0);
    }
  });
});
