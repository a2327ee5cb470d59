import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Notice } from '@app/contract';
import { groupNotices, users } from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { groupWithOutsider, makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
let admin: TestUser;
let member: TestUser;
let member2: TestUser;
let outsider: TestUser;
let g: TestGroup;
let other: TestGroup;
const announced: number[] = [];

const NOT_MEMBER = '그룹의 일원이 아닙니다.';
const ADMIN_ONLY = '그룹의 관리자만 공지를 관리할 수 있습니다.';
const TITLE_TEXT = '공지 제목은 1~50자로 입력해주세요.';
const CONTENT_TEXT = '공지 내용은 1~2000자로 입력해주세요.';
const NOT_FOUND = '공지를 찾을 수 없습니다.';

beforeAll(async () => {
  ({ admin, member, member2, outsider, g, other } = await groupWithOutsider(t, '공지'));
  t.ctx.events.on('message.received', (_scope, { receiverId }) => void announced.push(receiverId));
});
beforeEach(async () => {
  t.clock.set(NOON_SEOUL);
  announced.length = 0;
  await t.db.delete(groupNotices);
});

const url = (groupId: number | string = g.id) => `/api/groups/${groupId}/notices`;
const create = (token: string | undefined, body: unknown, groupId: number | string = g.id) =>
  t.post(url(groupId), { token, body });
const list = async (token = member.token) => {
  const res = await t.get(url(), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Notice[];
};
const rows = () => t.db.select().from(groupNotices).where(eq(groupNotices.groupId, g.id));
async function posted(body: Record<string, unknown>, groupId = g.id, token = admin.token): Promise<Notice> {
  const res = await create(token, { content: '내용', ...body }, groupId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Notice;
}

describe('the two checks come first on every notice route (9.2)', () => {
  it('answers 401, then 404 그룹을 찾을 수 없습니다., then 403 not_group_member, before the admin check and any field', async () => {
    const target = await posted({ title: '있는 공지' });
    const bad = { title: '', content: '' };
    const calls = (groupId: number | string, noticeId: number | string = target.noticeId) => [
      (token?: string) => t.get(url(groupId), { token }),
      (token?: string) => create(token, bad, groupId),
      (token?: string) => t.put(`${url(groupId)}/${noticeId}`, { token, body: bad }),
      (token?: string) => t.delete(`${url(groupId)}/${noticeId}`, { token }),
    ];
    for (const call of calls(g.id)) expectError(await call(undefined), 401, 'login_required', '로그인이 필요합니다.');
    for (const call of calls(999999, 999999)) expectError(await call(admin.token), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    for (const call of calls(g.id)) expectError(await call(outsider.token), 403, 'not_group_member', NOT_MEMBER);
    for (const call of calls(g.id, 999999)) expectError(await call(outsider.token), 403, 'not_group_member', NOT_MEMBER);
    for (const call of calls('abc'))
      expectError(await call(admin.token), 400, 'validation_failed', '요청 형식이 올바르지 않습니다.');
    expectError(
      await t.delete(`${url()}/x1`, { token: admin.token }),
      400,
      'validation_failed',
      '요청 형식이 올바르지 않습니다.',
    );
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a plain member every write with notice_admin_only, before the notice and the fields', async () => {
    const target = await posted({ title: '관리자 공지' });
    const writes = [
      () => create(member.token, { title: '', content: '' }),
      () => create(member.token, { title: '멤버 공지', content: '내용' }),
      () => t.put(`${url()}/${target.noticeId}`, { token: member.token, body: { title: '', content: '' } }),
      () => t.put(`${url()}/999999`, { token: member.token, body: { title: '바꿈', content: '바꿈' } }),
      () => t.delete(`${url()}/${target.noticeId}`, { token: member.token }),
      () => t.delete(`${url()}/999999`, { token: member.token }),
    ];
    for (const write of writes) expectError(await write(), 403, 'notice_admin_only', ADMIN_ONLY);
    expect((await rows()).map((r) => r.title)).toEqual(['관리자 공지']);
    // reading is for every member
    expect((await list(member2.token)).map((n) => n.title)).toEqual(['관리자 공지']);
  });
});

describe('POST /api/groups/{groupId}/notices', () => {
  it('creates a trimmed notice (not pinned by default) and sends the 쪽지 to every other member only', async () => {
    const before = { admin: await inbox(t, admin), member: await inbox(t, member), member2: await inbox(t, member2) };
    const res = await create(admin.token, { title: '  첫 모임 안내  ', content: '  토요일 2시\n강남역  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const n = res.json() as Notice;
    expect(n).toEqual({
      noticeId: expect.any(Number),
      groupId: g.id,
      title: '첫 모임 안내',
      content: '토요일 2시\n강남역',
      pinned: false,
      writerNickname: '공지관리자',
      createdDateTime: '2025-06-01T12:00:00+09:00',
      updatedDateTime: '2025-06-01T12:00:00+09:00',
    });
    const text = "'공지 그룹' 그룹에 새 공지가 등록되었습니다: 첫 모임 안내";
    expect(await inbox(t, member)).toEqual([...before.member, text]);
    expect(await inbox(t, member2)).toEqual([...before.member2, text]);
    expect(await inbox(t, admin)).toEqual(before.admin);
    // announced for the live push, to the two members (after commit)
    expect(announced.sort()).toEqual([member.id, member2.id].sort());
    const recent = await t.get('/api/messages/recent', { token: member.token });
    expect((recent.json() as Array<{ senderName: string; read: boolean }>)[0]).toMatchObject({
      senderName: '[시스템]',
      read: false,
    });
  });

  it('checks the title, then the content, then pinned; nothing is written or sent on a refusal', async () => {
    const before = await inbox(t, member);
    const post = (body: Record<string, unknown>) => create(admin.token, { title: '제목', content: '내용', ...body });
    for (const title of [undefined, null, '', '   ', 5, '가'.repeat(51)]) {
      expectError(await post({ title, content: '' }), 400, 'validation_failed', TITLE_TEXT);
    }
    for (const content of [undefined, '', ' \n ', '가'.repeat(2001)]) {
      expectError(await post({ content, pinned: 'x' }), 400, 'validation_failed', CONTENT_TEXT);
    }
    for (const pinned of ['true', 1]) expectError(await post({ pinned }), 400, 'validation_failed');
    expectError(await t.post(url(), { token: admin.token }), 400, 'validation_failed', TITLE_TEXT);
    expect(await rows()).toEqual([]);
    expect(await inbox(t, member)).toEqual(before);
    expect(announced).toEqual([]);
    expect((await post({ title: '가'.repeat(50), content: '나'.repeat(2000), pinned: null })).statusCode).toBe(201);
  });

  it('allows 100 notices per group, then answers notice_limit after the fields', async () => {
    const now = t.clock.now();
    await t.db.insert(groupNotices).values(
      Array.from({ length: 99 }, (_, i) => ({
        groupId: g.id,
        writerId: admin.id,
        title: `공지 ${i}`,
        content: '내용',
        createdAt: now,
        updatedAt: now,
      })),
    );
    expect((await create(admin.token, { title: '백 번째', content: '내용' })).statusCode).toBe(201);
    expectError(await create(admin.token, { title: '', content: '내용' }), 400, 'validation_failed', TITLE_TEXT);
    expectError(
      await create(admin.token, { title: '백한 번째', content: '내용' }),
      400,
      'notice_limit',
      '공지는 그룹당 100개까지 등록할 수 있습니다.',
    );
    expect(await rows()).toHaveLength(100);
    expect(await list()).toHaveLength(100);
    // another group's limit is its own
    expect((await create(outsider.token, { title: '다른 그룹 공지', content: '내용' }, other.id)).statusCode).toBe(201);
  });
});

describe('GET /api/groups/{groupId}/notices: order and the single pin', () => {
  it('lists the pinned one first, then newest first (id breaks a tie); a new pin unpins the old one', async () => {
    const a = await posted({ title: 'A' });
    t.clock.advance(60_000);
    const b = await posted({ title: 'B', pinned: true });
    t.clock.advance(60_000);
    const c = await posted({ title: 'C' });
    const d = await posted({ title: 'D (같은 시각)' });
    expect((await list()).map((n) => [n.title, n.pinned])).toEqual([
      ['B', true],
      ['D (같은 시각)', false],
      ['C', false],
      ['A', false],
    ]);
    t.clock.advance(60_000);
    const e = await posted({ title: 'E', pinned: true });
    expect((await list()).map((n) => n.noticeId)).toEqual([e.noticeId, d.noticeId, c.noticeId, b.noticeId, a.noticeId]);
    expect((await rows()).filter((r) => r.pinned).map((r) => r.id)).toEqual([e.noticeId]);
    // another group's notices never show here
    await posted({ title: '남의 공지' }, other.id, outsider.token);
    expect(await list()).toHaveLength(5);
  });

  it('keeps one pinned notice when two pinned ones are posted at once', async () => {
    const results = await Promise.all([posted({ title: '동시 1', pinned: true }), posted({ title: '동시 2', pinned: true })]);
    expect(results).toHaveLength(2);
    const pinned = (await rows()).filter((r) => r.pinned);
    expect(pinned).toHaveLength(1);
    expect((await list())[0].pinned).toBe(true);
  });

  it('holds the single pin in the database itself', async () => {
    const now = t.clock.now();
    const row = { groupId: g.id, writerId: admin.id, content: '내용', pinned: true, createdAt: now, updatedAt: now };
    await t.db.insert(groupNotices).values({ ...row, title: '하나' });
    await expect(t.db.insert(groupNotices).values({ ...row, title: '둘' })).rejects.toThrow();
  });

  it('shows the writer’s current nickname', async () => {
    await posted({ title: '이름 확인' });
    await t.db.update(users).set({ nickname: '바뀐관리자' }).where(eq(users.id, admin.id));
    try {
      expect((await list())[0].writerNickname).toBe('바뀐관리자');
    } finally {
      await t.db.update(users).set({ nickname: admin.nickname }).where(eq(users.id, admin.id));
    }
  });
});

describe('PUT /api/groups/{groupId}/notices/{noticeId}', () => {
  it('answers 404 notice_not_found (unknown, or another group’s) before the fields, then validates', async () => {
    const mine = await posted({ title: '내 공지' });
    const theirs = await posted({ title: '남의 공지' }, other.id, outsider.token);
    for (const id of [999999, theirs.noticeId]) {
      expectError(
        await t.put(`${url()}/${id}`, { token: admin.token, body: { title: '', content: '' } }),
        404,
        'notice_not_found',
        NOT_FOUND,
      );
    }
    const put = (body: unknown) => t.put(`${url()}/${mine.noticeId}`, { token: admin.token, body });
    expectError(await put({ title: ' ', content: '' }), 400, 'validation_failed', TITLE_TEXT);
    expectError(await put({ title: '제목', content: '가'.repeat(2001) }), 400, 'validation_failed', CONTENT_TEXT);
    expect((await rows()).map((r) => r.title)).toEqual(['내 공지']);
  });

  it('replaces title, content and pin, moves updatedDateTime, unpins the other one, and sends no 쪽지', async () => {
    const first = await posted({ title: '첫 공지', pinned: true });
    const second = await posted({ title: '둘째 공지' });
    announced.length = 0;
    const before = await inbox(t, member);
    t.clock.advance(3_600_000);
    const res = await t.put(`${url()}/${second.noticeId}`, {
      token: admin.token,
      body: { title: '  고친 공지 ', content: ' 고친 내용 ', pinned: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...second,
      title: '고친 공지',
      content: '고친 내용',
      pinned: true,
      updatedDateTime: '2025-06-01T13:00:00+09:00',
    });
    expect((await list()).map((n) => [n.noticeId, n.pinned])).toEqual([
      [second.noticeId, true],
      [first.noticeId, false],
    ]);
    // saving the pinned one again keeps it pinned; leaving pinned out unpins it
    expect(
      (await t.put(`${url()}/${second.noticeId}`, { token: admin.token, body: { ...second, pinned: true } })).statusCode,
    ).toBe(200);
    expect((await rows()).filter((r) => r.pinned).map((r) => r.id)).toEqual([second.noticeId]);
    const unpinned = await t.put(`${url()}/${second.noticeId}`, { token: admin.token, body: { title: 'x', content: 'y' } });
    expect((unpinned.json() as Notice).pinned).toBe(false);
    expect(await inbox(t, member)).toEqual(before);
    expect(announced).toEqual([]);
  });
});

describe('DELETE /api/groups/{groupId}/notices/{noticeId}', () => {
  it('deletes the group’s notice with the Text answer; unknown or another group’s is 404', async () => {
    const mine = await posted({ title: '지울 공지', pinned: true });
    const theirs = await posted({ title: '남의 공지' }, other.id, outsider.token);
    expectError(await t.delete(`${url()}/${theirs.noticeId}`, { token: admin.token }), 404, 'notice_not_found', NOT_FOUND);
    const res = await t.delete(`${url()}/${mine.noticeId}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('공지가 삭제되었습니다.');
    expect(await list()).toEqual([]);
    expectError(await t.delete(`${url()}/${mine.noticeId}`, { token: admin.token }), 404, 'notice_not_found', NOT_FOUND);
  });
});

describe('group deletion', () => {
  it('deletes the group’s notices', async () => {
    const doomed = await makeGroup(t, admin, [member], { name: '지울 그룹' });
    await posted({ title: '사라질 공지', pinned: true }, doomed.id);
    await posted({ title: '남을 공지' });
    expect((await t.delete(`/api/groups/${doomed.id}`, { token: admin.token })).statusCode).toBe(204);
    expect(await t.db.select().from(groupNotices).where(eq(groupNotices.groupId, doomed.id))).toEqual([]);
    expect((await list()).map((n) => n.title)).toEqual(['남을 공지']);
  });
});
