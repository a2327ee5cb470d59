import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { GroupLink } from '@app/contract';
import { groupLinks, groupMembers } from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { groupWithOutsider, makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
let admin: TestUser;
let member: TestUser;
let member2: TestUser;
let outsider: TestUser;
let g: TestGroup;
let other: TestGroup;

const NOT_MEMBER = '그룹의 일원이 아닙니다.';
const TITLE_TEXT = '자료 제목은 1~50자로 입력해주세요.';
const URL_TEXT = '올바른 링크(http:// 또는 https://)를 입력해주세요.';
const NOT_FOUND = '자료를 찾을 수 없습니다.';

beforeAll(async () => {
  ({ admin, member, member2, outsider, g, other } = await groupWithOutsider(t, '자료'));
});
beforeEach(async () => {
  t.clock.set(NOON_SEOUL);
  await t.db.delete(groupLinks);
});

const url = (groupId: number | string = g.id) => `/api/groups/${groupId}/links`;
const create = (token: string | undefined, body: unknown, groupId: number | string = g.id) =>
  t.post(url(groupId), { token, body });
const list = async (token = member.token, groupId = g.id) => {
  const res = await t.get(url(groupId), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GroupLink[];
};
const rows = (groupId = g.id) => t.db.select().from(groupLinks).where(eq(groupLinks.groupId, groupId));
async function shared(user: TestUser, title: string, groupId = g.id): Promise<GroupLink> {
  const res = await create(user.token, { title, url: 'https://example.com/doc' }, groupId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as GroupLink;
}

describe('the two checks come first on every link route (9.3)', () => {
  it('answers 401, then 404 그룹을 찾을 수 없습니다., then 403 not_group_member, before any field', async () => {
    const target = await shared(member, '있는 자료');
    const bad = { title: '', url: 'javascript:alert(1)' };
    const calls = (groupId: number | string, linkId: number | string = target.linkId) => [
      (token?: string) => t.get(url(groupId), { token }),
      (token?: string) => create(token, bad, groupId),
      (token?: string) => t.delete(`${url(groupId)}/${linkId}`, { token }),
    ];
    for (const call of calls(g.id)) expectError(await call(undefined), 401, 'login_required', '로그인이 필요합니다.');
    for (const call of calls(999999, 999999)) expectError(await call(member.token), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    for (const call of calls(g.id)) expectError(await call(outsider.token), 403, 'not_group_member', NOT_MEMBER);
    for (const call of calls('1.5'))
      expectError(await call(member.token), 400, 'validation_failed', '요청 형식이 올바르지 않습니다.');
    expectError(
      await t.delete(`${url()}/abc`, { token: member.token }),
      400,
      'validation_failed',
      '요청 형식이 올바르지 않습니다.',
    );
    expect(await rows()).toHaveLength(1);
  });
});

describe('POST /api/groups/{groupId}/links', () => {
  it('lets any member share a trimmed title and link', async () => {
    const res = await create(member2.token, { title: '  회의록 ', url: '  https://docs.example.com/a?b=1#c  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      linkId: expect.any(Number),
      groupId: g.id,
      title: '회의록',
      url: 'https://docs.example.com/a?b=1#c',
      writerId: member2.id,
      writerNickname: '자료멤버둘',
      createdDateTime: '2025-06-01T12:00:00+09:00',
    });
    expect((await create(admin.token, { title: '로컬', url: 'http://localhost:8080/x' })).statusCode).toBe(201);
    expect((await create(admin.token, { title: 'IP', url: 'HTTP://192.168.0.1' })).statusCode).toBe(201);
    expect(await rows()).toHaveLength(3);
  });

  it('checks the title, then the link: only absolute http(s) links of at most 500 characters with a host', async () => {
    const post = (body: Record<string, unknown>) => create(member.token, { title: '자료', url: 'https://example.com', ...body });
    for (const title of [undefined, '', '  ', 7, '가'.repeat(51)]) {
      expectError(await post({ title, url: 'javascript:alert(1)' }), 400, 'validation_failed', TITLE_TEXT);
    }
    const refused = [
      undefined,
      null,
      '',
      42,
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      'mailto:a@example.com',
      '/relative/path',
      '//example.com/protocol-relative',
      'example.com',
      'http:example.com',
      'http://',
      'https:///example.com',
      'http://user:pass@example.com/',
      'https://user@example.com',
      'http://exa mple.com',
      'http://example.com/\\@evil.com',
      'https://example.com/a\nb',
      `https://example.com/${'a'.repeat(481)}`,
    ];
    for (const bad of refused) expectError(await post({ url: bad }), 400, 'invalid_url', URL_TEXT);
    expect(await rows()).toEqual([]);
    const longest = `https://example.com/${'a'.repeat(480)}`;
    expect([...longest]).toHaveLength(500);
    expect((await post({ url: longest, title: '가'.repeat(50) })).statusCode).toBe(201);
  });

  it('allows 200 links per group, then answers link_limit after the fields', async () => {
    const now = t.clock.now();
    await t.db.insert(groupLinks).values(
      Array.from({ length: 199 }, (_, i) => ({
        groupId: g.id,
        writerId: member.id,
        title: `자료 ${i}`,
        url: 'https://example.com',
        createdAt: now,
      })),
    );
    await shared(admin, '이백 번째');
    expectError(await create(member.token, { title: '초과', url: 'data:,x' }), 400, 'invalid_url', URL_TEXT);
    expectError(
      await create(member.token, { title: '초과', url: 'https://example.com' }),
      400,
      'link_limit',
      '자료는 그룹당 200개까지 등록할 수 있습니다.',
    );
    expect(await rows()).toHaveLength(200);
    expect(await list()).toHaveLength(200);
    await shared(outsider, '다른 그룹은 따로', other.id);
  });
});

describe('GET /api/groups/{groupId}/links', () => {
  it('lists the group’s links newest first (id breaks a tie)', async () => {
    const a = await shared(member, 'A');
    t.clock.advance(60_000);
    const b = await shared(admin, 'B');
    const c = await shared(member2, 'C');
    await shared(outsider, '남의 자료', other.id);
    expect((await list()).map((l) => l.linkId)).toEqual([c.linkId, b.linkId, a.linkId]);
    expect((await list(outsider.token, other.id)).map((l) => l.title)).toEqual(['남의 자료']);
  });
});

describe('DELETE /api/groups/{groupId}/links/{linkId}', () => {
  it('answers 404 link_not_found before 403, lets the writer and the admin delete, refuses other members', async () => {
    const byMember = await shared(member, '멤버 자료');
    const byMember2 = await shared(member2, '멤버둘 자료');
    const theirs = await shared(outsider, '남의 자료', other.id);
    for (const id of [999999, theirs.linkId]) {
      expectError(await t.delete(`${url()}/${id}`, { token: member2.token }), 404, 'link_not_found', NOT_FOUND);
    }
    expectError(
      await t.delete(`${url()}/${byMember.linkId}`, { token: member2.token }),
      403,
      'forbidden',
      '자료를 삭제할 권한이 없습니다.',
    );
    const own = await t.delete(`${url()}/${byMember.linkId}`, { token: member.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(own.body).toBe('자료가 삭제되었습니다.');
    const byAdmin = await t.delete(`${url()}/${byMember2.linkId}`, { token: admin.token });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.body).toBe('자료가 삭제되었습니다.');
    expect(await rows()).toEqual([]);
    expect(await rows(other.id)).toHaveLength(1);
    expectError(await t.delete(`${url()}/${byMember.linkId}`, { token: member.token }), 404, 'link_not_found', NOT_FOUND);
  });
});

describe('a member’s links go with the member', () => {
  it('on leave, kick and withdrawal; the others’ links stay', async () => {
    const [leaver, kicked, withdrawer] = [await t.user('떠남'), await t.user('추방됨'), await t.user('탈퇴함')];
    const group = await makeGroup(t, admin, [leaver, kicked, withdrawer, member], { name: '정리 그룹' });
    for (const u of [leaver, kicked, withdrawer, member, admin]) await shared(u, `${u.nickname}의 자료`, group.id);
    const writers = async () => (await rows(group.id)).map((r) => r.writerId).sort();

    expect((await t.delete(`/api/groups/${group.id}/leave`, { token: leaver.token })).statusCode).toBe(200);
    expect(await writers()).toEqual([kicked.id, withdrawer.id, member.id, admin.id].sort());
    expect((await t.delete(`/api/groups/${group.id}/remove/${kicked.id}`, { token: admin.token })).statusCode).toBe(200);
    expect(await writers()).toEqual([withdrawer.id, member.id, admin.id].sort());
    expect((await t.delete(`/api/users/${withdrawer.id}`, { token: withdrawer.token })).statusCode).toBe(200);
    expect(await writers()).toEqual([member.id, admin.id].sort());
    expect(await t.db.select().from(groupLinks).where(eq(groupLinks.writerId, withdrawer.id))).toEqual([]);
    expect((await list(member.token, group.id)).map((l) => l.writerNickname).sort()).toEqual(
      [member.nickname, admin.nickname].sort(),
    );
  });

  it('refuses a share by someone removed after the membership check (the membership foreign key)', async () => {
    const late = await t.user('늦은멤버');
    const group = await makeGroup(t, admin, [late], { name: '경주 그룹' });
    let pending: ReturnType<typeof create> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, late.id)));
      pending = create(late.token, { title: '늦은 자료', url: 'https://example.com' }, group.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await pending!;
    // PostgreSQL: the check saw the membership, the insert found it gone; PGlite runs the request after the delete
    expectError(res, 403, 'not_group_member', NOT_MEMBER);
    expect(await rows(group.id)).toEqual([]);
  });

  it('on group deletion, every link of the group goes', async () => {
    const doomed = await makeGroup(t, admin, [member], { name: '지울 자료 그룹' });
    await shared(member, '사라질 자료', doomed.id);
    await shared(admin, '관리자 자료', doomed.id);
    const kept = await shared(member, '남을 자료');
    expect((await t.delete(`/api/groups/${doomed.id}`, { token: admin.token })).statusCode).toBe(204);
    expect(await rows(doomed.id)).toEqual([]);
    expect((await list()).map((l) => l.linkId)).toEqual([kept.linkId]);
  });
});
