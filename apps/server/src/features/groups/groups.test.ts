import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  applicationProfiles,
  applications,
  basePosts,
  groupMembers,
  groups,
  postTags,
  viewRecords,
} from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import {
  addProfile,
  applyTo,
  createRecruitment,
  createStudy,
  decide,
  inbox,
  NOON_SEOUL,
  whilePostIsDeleted,
} from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const author = t.suiteUser('방장');

const groupCount = async () => (await t.db.select({ n: count() }).from(groups))[0].n;
const current = async (postId: number) =>
  (await t.db.select({ c: basePosts.currentMembers }).from(basePosts).where(eq(basePosts.id, postId)))[0].c;
const groupBody = (basePostId: number | string, over: Record<string, unknown> = {}) => ({
  basePostId,
  name: '  멋진 그룹  ',
  description: '함께 공부해요',
  type: 'WHATEVER',
  ...over,
});

async function member(nickname?: string) {
  const u = await t.user(nickname);
  await addProfile(t, u);
  return u;
}

describe('POST /api/groups', () => {
  it('creates a group from a closed post: author ADMIN, approved applicants MEMBER, 쪽지 to everyone', async () => {
    const post = await createRecruitment(t, author, { title: '그룹 공고' });
    const [a, b, c] = [await member('승인1'), await member('승인2'), await member('대기')];
    const idA = await applyTo(t, a, post.id);
    const idB = await applyTo(t, b, post.id);
    await applyTo(t, c, post.id);
    await decide(t, author, idB, 'APPROVED');
    t.clock.advance(1000);
    await decide(t, author, idA, 'APPROVED');
    t.clock.set(NOON_SEOUL);
    await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token });

    const joinedBefore = ((await t.get(`/api/users/${author.id}/record`)).json() as { joined: number }).joined;
    const res = await t.post('/api/groups', { token: author.token, body: groupBody(post.id) });
    expect(res.statusCode, res.body).toBe(201);
    // docs/api.md §10.2: creation counts as joined, for the author too
    const firstGroup = { joined: 1, completed: 0, leftEarly: 0 };
    const authorRecord = { joined: joinedBefore + 1, completed: 0, leftEarly: 0 };
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: '멋진 그룹',
      description: '함께 공부해요',
      type: 'PROJECT',
      status: 'ACTIVE',
      completedDateTime: null,
      summary: null,
      resultUrl: null,
      members: [
        { userId: author.id, nickname: '방장', loginId: author.loginId, role: 'ADMIN', new: false, record: authorRecord },
        { userId: b.id, nickname: '승인2', loginId: b.loginId, role: 'MEMBER', new: false, record: firstGroup },
        { userId: a.id, nickname: '승인1', loginId: a.loginId, role: 'MEMBER', new: false, record: firstGroup },
      ],
    });
    const text = "'멋진 그룹' 그룹이 생성되었습니다. 그룹원과 함께 활동하세요.";
    for (const u of [author, a, b]) expect((await inbox(t, u)).at(-1)).toBe(text);
    expect(await inbox(t, c)).not.toContain(text);
    expect(await current(post.id)).toBe(3);
    const mine = (await t.get('/api/base-posts/my-posts', { token: author.token })).json() as Array<{ basePostId: number }>;
    expect(mine.map((p) => p.basePostId)).not.toContain(post.id);
  });

  it('derives STUDY_GROUP from a study post and accepts a post inactive by date', async () => {
    const study = await createStudy(t, author, { dueDate: '2025-06-01' });
    t.clock.set('2025-06-02T01:00:00Z');
    try {
      const res = await t.post('/api/groups', { token: author.token, body: groupBody(String(study.id), { type: 'PROJECT' }) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().type).toBe('STUDY_GROUP');
    } finally {
      t.clock.set(NOON_SEOUL);
    }
  });

  it('checks validation, existence, permission, state and conflict in order, creating nothing on failure', async () => {
    const post = await createRecruitment(t, author);
    const stranger = await t.user();
    const before = await groupCount();
    const create = (token: string | undefined, body: unknown) => t.post('/api/groups', { token, body });
    expectError(await create(undefined, groupBody(post.id)), 401, 'login_required', '로그인이 필요합니다.');
    const nameText = '그룹 이름은 3자 이상 50자 이하로 입력해주세요.';
    expectError(await create(author.token, groupBody(post.id, { name: '  가나 ' })), 400, 'validation_failed', nameText);
    expectError(await create(author.token, groupBody(post.id, { name: '가'.repeat(51) })), 400, 'validation_failed', nameText);
    expectError(await create(author.token, groupBody(post.id, { name: undefined })), 400, 'validation_failed', nameText);
    expectError(
      await create(author.token, groupBody(post.id, { description: ' ' })),
      400,
      'validation_failed',
      '그룹 설명을 입력해주세요.',
    );
    expectError(
      await create(author.token, groupBody(post.id, { description: '가'.repeat(256) })),
      400,
      'validation_failed',
      '그룹 설명은 최대 255자까지 입력 가능합니다.',
    );
    expectError(await create(author.token, groupBody(999999)), 404, 'not_found', '해당 모집 공고를 찾을 수 없습니다.');
    expectError(await create(stranger.token, groupBody(post.id)), 403, 'forbidden', '그룹을 생성할 권한이 없습니다.');
    expectError(
      await create(author.token, groupBody(post.id)),
      400,
      'post_not_closed',
      '마감되지 않은 공고는 그룹을 생성할 수 없습니다.',
    );
    expect(await groupCount()).toBe(before);
    await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token });
    expect((await create(author.token, groupBody(post.id))).statusCode).toBe(201);
    expectError(await create(author.token, groupBody(post.id)), 409, 'group_exists', '이미 그룹이 생성된 모집 공고입니다.');
    expect(await groupCount()).toBe(before + 1);
  });

  it('reads a missing or non-object body as empty: the first field text answers', async () => {
    const nameText = '그룹 이름은 3자 이상 50자 이하로 입력해주세요.';
    expectError(await t.post('/api/groups', { token: author.token }), 400, 'validation_failed', nameText);
    const res = await t.post('/api/groups', { token: author.token, body: '[]', headers: { 'content-type': 'application/json' } });
    expectError(res, 400, 'validation_failed', nameText);
  });

  it('answers 404, not a server error, when the post is deleted while the group is being created', async () => {
    const post = await createRecruitment(t, author);
    await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token });
    const before = await groupCount();
    const res = await whilePostIsDeleted(t, post.id, () =>
      t.post('/api/groups', { token: author.token, body: groupBody(post.id) }),
    );
    expectError(res, 404, 'not_found', '해당 모집 공고를 찾을 수 없습니다.');
    expect(await groupCount()).toBe(before);
  });

  it('creates one group for two concurrent requests', async () => {
    const post = await createRecruitment(t, author);
    await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token });
    const [r1, r2] = await Promise.all([
      t.post('/api/groups', { token: author.token, body: groupBody(post.id) }),
      t.post('/api/groups', { token: author.token, body: groupBody(post.id) }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    expect(await t.db.select().from(groups).where(eq(groups.postId, post.id))).toHaveLength(1);
  });
});

describe('withdrawal (docs/api.md §7) for posts, applications, profiles and groups', () => {
  const withdraw = (u: TestUser) => t.delete(`/api/users/${u.id}`, { token: u.token });

  it('refuses a group admin with group_admin', async () => {
    const admin = await t.user();
    const post = await createRecruitment(t, admin);
    await t.patch(`/api/recruitments/${post.id}/close`, { token: admin.token });
    await t.post('/api/groups', { token: admin.token, body: groupBody(post.id) });
    expectError(await withdraw(admin), 400, 'group_admin', '관리 중인 그룹이 있어 탈퇴할 수 없습니다. 그룹을 먼저 삭제해주세요.');
    expect((await t.get('/api/users/me', { token: admin.token })).statusCode).toBe(200);
  });

  it('removes own ungrouped posts with their rows, applications and profile; gives back approved seats; leaves groups', async () => {
    const leaver = await member('떠나는이');
    // Own post without a group, with a tag, an applicant and a view: all removed, no 쪽지 to the applicant.
    const own = await createRecruitment(t, leaver);
    const applicant = await member();
    await applyTo(t, applicant, own.id);
    await t.post(`/api/base-posts/${own.id}/view`, { token: applicant.token });
    const applicantInbox = (await inbox(t, applicant)).length;

    // Approved on someone else's open post: -1.
    const open = await createRecruitment(t, author);
    const appOpen = await applyTo(t, leaver, open.id);
    await decide(t, author, appOpen, 'APPROVED');
    expect(await current(open.id)).toBe(2);

    // Member of another group: membership removed with -1 on that post.
    const grouped = await createRecruitment(t, author);
    const other = await member();
    const appG = await applyTo(t, leaver, grouped.id);
    const appO = await applyTo(t, other, grouped.id);
    await decide(t, author, appG, 'APPROVED');
    await decide(t, author, appO, 'APPROVED');
    await t.patch(`/api/recruitments/${grouped.id}/close`, { token: author.token });
    const g = (await t.post('/api/groups', { token: author.token, body: groupBody(grouped.id) })).json() as { id: number };
    expect(await current(grouped.id)).toBe(3);

    const res = await withdraw(leaver);
    expect(res.statusCode, res.body).toBe(200);

    expect(await t.db.select().from(basePosts).where(eq(basePosts.id, own.id))).toEqual([]);
    expect(await t.db.select().from(postTags).where(eq(postTags.postId, own.id))).toEqual([]);
    expect(await t.db.select().from(viewRecords).where(eq(viewRecords.targetId, own.id))).toEqual([]);
    expect(await t.db.select().from(applications).where(eq(applications.applicantId, leaver.id))).toEqual([]);
    expect(await t.db.select().from(applications).where(eq(applications.postId, own.id))).toEqual([]);
    expect(await t.db.select().from(applicationProfiles).where(eq(applicationProfiles.userId, leaver.id))).toEqual([]);
    expect((await inbox(t, applicant)).length).toBe(applicantInbox);
    expect(await current(open.id)).toBe(1);
    expect(await current(grouped.id)).toBe(2);
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, g.id));
    expect(members.map((m) => m.userId).sort()).toEqual([author.id, other.id].sort());
    expect((await t.get('/api/applications/my-list', { token: applicant.token })).json()).toEqual([]);
  });
});
