import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicantList, Group, GroupMember, Page, ShowcaseItem, UserRecord } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { addProfile, applyTo, createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';

/** docs/api.md §10.2: completion, what a completed group refuses, the record, the showcase, REVIEW_REQUEST. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const DAY = 86_400_000;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

const complete = (admin: TestUser, g: TestGroup, body: Record<string, unknown> = { summary: '완성했습니다', showcase: true }) =>
  t.post(`/api/groups/${g.id}/complete`, { token: admin.token, body });
const record = async (u: TestUser) => {
  const res = await t.get(`/api/users/${u.id}/record`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserRecord;
};
const reviewRequests = (u: TestUser) =>
  queryRows<{ content: string; link: string }>(
    t.db,
    // the link travels with the 쪽지's notify job
    sql`SELECT m.content, j.payload->>'link' AS link FROM messages m LEFT JOIN jobs j ON j.key = 'notify:' || m.id
        WHERE m.receiver_id = ${u.id} AND m.type = 'REVIEW_REQUEST' ORDER BY m.id`,
  );

async function team(label: string, n = 2) {
  const admin = await t.user(`${label}장`);
  const members: TestUser[] = [];
  for (let i = 0; i < n; i++) members.push(await t.user(`${label}원${i}`));
  const g = await makeGroup(t, admin, members, { name: `${label} 그룹` });
  return { admin, members, g };
}

describe('POST /api/groups/{id}/complete', () => {
  it('refuses in order: 401, 404, 403 member, 403 admin, fields, 409 completed', async () => {
    const { admin, members, g } = await team('완료순서');
    const outsider = await t.user('완료남');
    expectError(await t.post(`/api/groups/${g.id}/complete`, { body: {} }), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await complete(admin, { ...g, id: 999999 }), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    expectError(await complete(outsider, g), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
    expectError(await complete(members[0], g, {}), 403, 'forbidden', '그룹의 관리자만 그룹을 완료할 수 있습니다.');
    expectError(await complete(admin, g, {}), 400, 'validation_failed', '프로젝트 요약은 1~1000자로 입력해주세요.');
    expectError(
      await complete(admin, g, { summary: 'ㄱ'.repeat(1001), showcase: true }),
      400,
      'validation_failed',
      '프로젝트 요약은 1~1000자로 입력해주세요.',
    );
    const bad = { summary: '요약', resultUrl: 'javascript:alert(1)', showcase: true };
    expectError(await complete(admin, g, bad), 400, 'invalid_url', '올바른 링크(http:// 또는 https://)를 입력해주세요.');
    expectError(await complete(admin, g, { summary: '요약' }), 400, 'validation_failed', '쇼케이스 공개 여부를 선택해주세요.');
    expectError(
      await complete(admin, g, { summary: '요약', showcase: 'yes' }),
      400,
      'validation_failed',
      '쇼케이스 공개 여부를 선택해주세요.',
    );
    const before = await t.get(`/api/groups/${g.id}`, { token: admin.token });
    expect(before.json()).toMatchObject({
      status: 'ACTIVE',
      completedDateTime: null,
      summary: null,
      resultUrl: null,
    });
    expect(Object.keys(before.json()).sort()).toEqual(
      ['completedDateTime', 'description', 'id', 'members', 'name', 'resultUrl', 'status', 'summary', 'type'].sort(),
    );
    expect((await t.get(`/api/groups/${g.id}/showcase`, { token: admin.token })).json()).toEqual({
      showcase: false,
      consent: null,
    });

    const res = await complete(admin, g, {
      summary: '  배포까지 마쳤어요  ',
      resultUrl: ' https://example.com/demo ',
      showcase: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as Group;
    expect(done).toMatchObject({
      id: g.id,
      status: 'COMPLETED',
      completedDateTime: '2025-06-01T12:00:00+09:00',
      summary: '배포까지 마쳤어요',
      resultUrl: 'https://example.com/demo',
    });
    expect('showcase' in done).toBe(false);
    const state = await t.get(`/api/groups/${g.id}/showcase`, { token: admin.token });
    expect(state.json()).toEqual({ showcase: true, consent: false });
    expect(done.members.map((m) => m.record)).toEqual([
      { joined: 1, completed: 1, leftEarly: 0 },
      { joined: 1, completed: 1, leftEarly: 0 },
      { joined: 1, completed: 1, leftEarly: 0 },
    ]);
    expectError(await complete(admin, g), 409, 'group_completed', '이미 완료된 그룹입니다.');
    // a member's view: the same fields, their own consent
    expect((await t.get(`/api/groups/${g.id}`, { token: members[0].token })).json()).toMatchObject({ status: 'COMPLETED' });
    expect((await t.get(`/api/groups/${g.id}/showcase`, { token: members[0].token })).json()).toEqual({
      showcase: true,
      consent: false,
    });
    expect((await t.get(`/api/groups/${g.id}/showcase`)).statusCode).toBe(401);
  });

  it('a missing, null or blank result link is none', async () => {
    for (const [i, resultUrl] of [undefined, null, '   '].entries()) {
      const { admin, g } = await team(`링크없음${i}`, 0);
      const res = await complete(admin, g, {
        summary: '요약',
        showcase: false,
        ...(resultUrl === undefined ? {} : { resultUrl }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ resultUrl: null });
    }
  });

  it('sends REVIEW_REQUEST to every member, and once more 3 days before the window ends to who has reviews left', async () => {
    const { admin, members, g } = await team('요청', 2);
    const [a, b] = members;
    expect((await complete(admin, g)).statusCode).toBe(200);
    for (const u of [admin, a, b])
      expect(await reviewRequests(u)).toEqual([
        {
          content: `'요청 그룹' 그룹이 완료되었습니다. 함께한 팀원을 평가해주세요. 평가는 14일 동안 남길 수 있습니다.`,
          link: `/groups/${g.id}/reviews`,
        },
      ]);
    // a has reviewed everyone; b has one left; the admin has none written
    for (const target of [admin, b])
      expect(
        (await t.post(`/api/groups/${g.id}/reviews`, { token: a.token, body: { revieweeId: target.id, tags: ['HELPFUL'] } }))
          .statusCode,
      ).toBe(201);
    expect(
      (await t.post(`/api/groups/${g.id}/reviews`, { token: b.token, body: { revieweeId: admin.id, tags: ['HELPFUL'] } }))
        .statusCode,
    ).toBe(201);

    t.clock.advance(11 * DAY - 1000);
    await t.ctx.jobs.drain();
    expect(await reviewRequests(b)).toHaveLength(1);
    t.clock.advance(1000);
    await t.ctx.jobs.drain();
    const second = `'요청 그룹' 그룹의 팀원 평가가 3일 뒤 마감됩니다. 아직 평가하지 않은 팀원을 평가해주세요.`;
    expect((await reviewRequests(admin)).map((m) => m.content)).toEqual([expect.any(String), second]);
    expect((await reviewRequests(b)).map((m) => m.content)).toEqual([expect.any(String), second]);
    expect(await reviewRequests(a)).toHaveLength(1);
    // once per group, whatever the repeats
    await t.ctx.jobs.drain();
    expect(await reviewRequests(admin)).toHaveLength(2);
    const [job] = await queryRows<{ outcome: string }>(
      t.db,
      sql`SELECT outcome FROM jobs WHERE key = ${`review-reminder:${g.id}`}`,
    );
    expect(job.outcome).toBe('reminded:2');
    t.clock.set(NOON_SEOUL);
  });

  it('the reminder sends nothing once the window has closed, or when the group is gone', async () => {
    const outcome = async (g: TestGroup) =>
      (await queryRows<{ outcome: string }>(t.db, sql`SELECT outcome FROM jobs WHERE key = ${`review-reminder:${g.id}`}`))[0]
        ?.outcome;
    const closed = await team('늦은알림', 1);
    const gone = await team('없는알림', 1);
    for (const { admin, g } of [closed, gone]) expect((await complete(admin, g)).statusCode).toBe(200);
    await t.db.execute(sql`DELETE FROM groups WHERE id = ${gone.g.id}`);
    // the job ran late: the window had already closed when it did
    t.clock.advance(14 * DAY);
    await t.ctx.jobs.drain();
    expect(await outcome(closed.g)).toBe('window_closed');
    expect(await outcome(gone.g)).toBe('group_gone');
    for (const u of [closed.admin, ...closed.members, gone.admin, ...gone.members])
      expect(await reviewRequests(u)).toHaveLength(1);
    t.clock.set(NOON_SEOUL);
  });
});

describe('a completed group', () => {
  it('refuses invite, kick and deletion with 409 group_completed after the admin check; leaving stays possible', async () => {
    const { admin, members, g } = await team('잠김', 2);
    const invitee = await t.user('잠김초대');
    expect((await complete(admin, g)).statusCode).toBe(200);
    const text = '완료된 그룹에서는 할 수 없는 작업입니다.';
    expectError(
      await t.post(`/api/groups/${g.id}/invite`, { token: members[0].token, body: { nickname: invitee.nickname } }),
      403,
      'forbidden',
    );
    expectError(
      await t.post(`/api/groups/${g.id}/invite`, { token: admin.token, body: { nickname: '' } }),
      409,
      'group_completed',
      text,
    );
    expectError(
      await t.post(`/api/groups/${g.id}/invite`, { token: admin.token, body: { nickname: invitee.nickname } }),
      409,
      'group_completed',
      text,
    );
    expectError(await t.delete(`/api/groups/${g.id}/remove/${members[0].id}`, { token: members[1].token }), 403, 'forbidden');
    expectError(
      await t.delete(`/api/groups/${g.id}/remove/${members[0].id}`, { token: admin.token }),
      409,
      'group_completed',
      text,
    );
    expectError(await t.delete(`/api/groups/${g.id}`, { token: members[0].token }), 403, 'forbidden');
    expectError(await t.delete(`/api/groups/${g.id}`, { token: admin.token }), 409, 'group_completed', text);
    const left = await t.delete(`/api/groups/${g.id}/leave`, { token: members[1].token });
    expect(left.statusCode, left.body).toBe(200);
    expect(await record(members[1])).toMatchObject({ joined: 1, completed: 1, leftEarly: 0 });
    // the name can still change, the showcase with it
    expect(
      (await t.put(`/api/groups/${g.id}`, { token: admin.token, body: { name: '새 이름 그룹', description: '설명' } }))
        .statusCode,
    ).toBe(200);
    expect((await t.get(`/api/showcase/${g.id}`)).json()).toMatchObject({ name: '새 이름 그룹' });
  });

  it('its admin may withdraw: the membership ends, the group and its reviews stay', async () => {
    const { admin, members, g } = await team('관리탈퇴', 1);
    expect((await complete(admin, g)).statusCode).toBe(200);
    const res = await t.delete(`/api/users/${admin.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const group = (await t.get(`/api/groups/${g.id}`, { token: members[0].token })).json() as Group;
    expect(group.members.map((m) => m.userId)).toEqual([members[0].id]);
    expect((await t.get(`/api/showcase/${g.id}`)).statusCode).toBe(200);
  });
});

describe('the record', () => {
  it('counts joined (creation, invite), completed, and left early by leave, kick and withdrawal of groups not completed', async () => {
    const u = await t.user('기록이');
    expect(await record(u)).toEqual({
      joined: 0,
      completed: 0,
      leftEarly: 0,
      tags: { RESPONSIBLE: 0, COMMUNICATIVE: 0, ON_TIME: 0, SKILLED: 0, HELPFUL: 0, LEADING: 0, DROPPED_OUT: 0 },
    });
    const left = await makeGroup(t, await t.user('기록장1'), [u]);
    const kicker = await t.user('기록장2');
    const kicked = await makeGroup(t, kicker, [u]);
    const invitedBy = await t.user('기록장3');
    const invitedInto = await makeGroup(t, invitedBy, []);
    expect(
      (await t.post(`/api/groups/${invitedInto.id}/invite`, { token: invitedBy.token, body: { nickname: u.nickname } }))
        .statusCode,
    ).toBe(200);
    expect(await record(u)).toMatchObject({ joined: 3, completed: 0, leftEarly: 0 });

    expect((await t.delete(`/api/groups/${left.id}/leave`, { token: u.token })).statusCode).toBe(200);
    expect((await t.delete(`/api/groups/${kicked.id}/remove/${u.id}`, { token: kicker.token })).statusCode).toBe(200);
    expect(await record(u)).toMatchObject({ joined: 3, completed: 0, leftEarly: 2 });

    const res = await complete(invitedBy, invitedInto);
    expect(res.statusCode, res.body).toBe(200);
    expect(await record(u)).toMatchObject({ joined: 3, completed: 1, leftEarly: 2 });
    expect(await record(invitedBy)).toMatchObject({ joined: 1, completed: 1, leftEarly: 0 });
    // a group deleted while active is neither completed nor left early
    const gone = await makeGroup(t, invitedBy, [u]);
    expect((await t.delete(`/api/groups/${gone.id}`, { token: invitedBy.token })).statusCode).toBe(204);
    expect(await record(u)).toMatchObject({ joined: 4, completed: 1, leftEarly: 2 });

    // the member list carries the same counts
    const members = (await t.get(`/api/groups/${invitedInto.id}/members`, { token: u.token })).json() as GroupMember[];
    expect(members.find((m) => m.userId === u.id)!.record).toEqual({ joined: 4, completed: 1, leftEarly: 2 });
  });

  it('a withdrawal from an active group counts as leaving early; the withdrawn record answers 404', async () => {
    const { members } = await team('탈퇴기록', 1);
    expect((await t.delete(`/api/users/${members[0].id}`, { token: members[0].token })).statusCode).toBe(200);
    const [row] = await queryRows<{ left_early: number }>(
      t.db,
      sql`SELECT left_early FROM user_records WHERE user_id = ${members[0].id}`,
    );
    expect(row.left_early).toBe(1);
    expectError(await t.get(`/api/users/${members[0].id}/record`), 404, 'user_not_found', '사용자를 찾을 수 없습니다.');
    expectError(await t.get('/api/users/999999/record'), 404, 'user_not_found');
    expectError(await t.get(`/api/users/${t.ctx.systemUserId}/record`), 404, 'user_not_found');
    expectError(await t.get('/api/users/abc/record'), 400, 'validation_failed');
  });

  it('travels on each applicant, the page read in one statement whatever its size', async () => {
    const author = await t.user('기록작성자');
    const post = await createRecruitment(t, author, { totalMembers: 20 });
    const veteran = await t.user('기록베테랑');
    const { admin: vAdmin, g: vg } = await (async () => {
      const vAdmin = await t.user('베테랑장');
      return { admin: vAdmin, g: await makeGroup(t, vAdmin, [veteran]) };
    })();
    expect((await complete(vAdmin, vg)).statusCode).toBe(200);
    await applyTo(t, veteran, post.id);
    const list = async () => {
      t.ctx.readCache.invalidate();
      const { result, statements } = await t.countQueries(() =>
        t.get(`/api/applications/${post.id}/list`, { token: author.token }),
      );
      expect(result.statusCode, result.body).toBe(200);
      return { body: result.json() as ApplicantList, statements: statements.filter((s) => !TRANSACTION_CONTROL.test(s)) };
    };
    const one = await list();
    expect(one.body.applicants).toMatchObject([{ userId: veteran.id, record: { joined: 1, completed: 1, leftEarly: 0 } }]);
    for (let i = 0; i < 5; i++) {
      const u = await t.user(`기록지원${i}`);
      await addProfile(t, u);
      await applyTo(t, u, post.id);
    }
    const six = await list();
    expect(six.body.applicants).toHaveLength(6);
    expect(six.body.applicants[0].record).toEqual({ joined: 0, completed: 0, leftEarly: 0 });
    expect(six.statements.length).toBe(one.statements.length);
    // the token check, the post, then the page with profiles and records in one statement and its count
    expect(six.statements.filter((s) => /user_records/.test(s))).toHaveLength(1);
    expect(six.statements.length).toBeLessThanOrEqual(4);
  });
});

describe('showcase', () => {
  it('consent and switch: errors in order, then the public reads follow them', async () => {
    const { admin, members, g } = await team('쇼', 2);
    const [a, b] = members;
    const outsider = await t.user('쇼남');
    const consent = (u: TestUser, body: unknown, id = g.id) =>
      t.put(`/api/groups/${id}/showcase-consent`, { token: u.token, body });
    const toggle = (u: TestUser, body: unknown, id = g.id) => t.put(`/api/groups/${id}/showcase`, { token: u.token, body });

    expectError(await t.put(`/api/groups/${g.id}/showcase-consent`, { body: { consent: true } }), 401, 'login_required');
    expectError(await t.put(`/api/groups/${g.id}/showcase`, { body: { showcase: true } }), 401, 'login_required');
    expectError(await consent(a, { consent: true }, 999999), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    expectError(await consent(outsider, { consent: true }), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
    expectError(await consent(a, { consent: true }), 409, 'group_not_completed', '완료된 그룹에서만 할 수 있습니다.');
    expectError(await toggle(admin, { showcase: true }, 999999), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    expectError(await toggle(outsider, { showcase: true }), 403, 'not_group_member');
    expectError(await t.get(`/api/groups/${g.id}/showcase`, { token: outsider.token }), 403, 'not_group_member');
    expectError(
      await t.get('/api/groups/999999/showcase', { token: outsider.token }),
      404,
      'not_found',
      '그룹을 찾을 수 없습니다.',
    );
    expectError(await toggle(a, { showcase: true }), 403, 'forbidden', '그룹의 관리자만 쇼케이스 공개 여부를 바꿀 수 있습니다.');
    expectError(await toggle(admin, { showcase: true }), 409, 'group_not_completed');
    expectError(await t.get(`/api/showcase/${g.id}`), 404, 'not_found', '쇼케이스를 찾을 수 없습니다.');

    expect((await complete(admin, g, { summary: '쇼 요약', resultUrl: 'https://example.com', showcase: true })).statusCode).toBe(
      200,
    );
    expectError(await consent(a, { consent: 'yes' }), 400, 'validation_failed', '쇼케이스 공개 여부를 선택해주세요.');
    expectError(await toggle(admin, {}), 400, 'validation_failed', '쇼케이스 공개 여부를 선택해주세요.');
    const item = async () => (await t.get(`/api/showcase/${g.id}`)).json() as ShowcaseItem;
    expect(await item()).toEqual({
      groupId: g.id,
      name: '쇼 그룹',
      type: 'PROJECT',
      summary: '쇼 요약',
      resultUrl: 'https://example.com',
      completedDateTime: '2025-06-01T12:00:00+09:00',
      createdDateTime: '2025-06-01T12:00:00+09:00',
      post: { id: g.postId, title: expect.any(String) },
      members: [],
    });
    expect((await consent(b, { consent: true })).json()).toEqual({ consent: true });
    expect((await consent(admin, { consent: true })).json()).toEqual({ consent: true });
    expect((await item()).members).toEqual([admin.nickname, b.nickname]);
    expect((await t.get(`/api/groups/${g.id}/showcase`, { token: b.token })).json()).toEqual({ showcase: true, consent: true });
    // a member who left keeps the switch of their own consent
    expect((await consent(a, { consent: true })).statusCode).toBe(200);
    expect((await t.delete(`/api/groups/${g.id}/leave`, { token: a.token })).statusCode).toBe(200);
    expect((await item()).members).toEqual([admin.nickname, a.nickname, b.nickname]);
    expect((await consent(a, { consent: false })).json()).toEqual({ consent: false });
    expect((await item()).members).toEqual([admin.nickname, b.nickname]);

    expect((await toggle(admin, { showcase: false })).json()).toEqual({ showcase: false });
    expectError(await t.get(`/api/showcase/${g.id}`), 404, 'not_found', '쇼케이스를 찾을 수 없습니다.');
    expect(((await t.get('/api/showcase')).json() as Page<ShowcaseItem>).content.map((i) => i.groupId)).not.toContain(g.id);
    expect((await toggle(admin, { showcase: true })).json()).toEqual({ showcase: true });
    expect((await t.get(`/api/showcase/${g.id}`)).statusCode).toBe(200);
    expectError(await t.get('/api/showcase/abc'), 400, 'validation_failed');
  });

  it('lists shown showcases newest completed first, 12 a page', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) {
      const { admin, g } = await team(`목록${i}`, 0);
      t.clock.advance(60_000);
      expect((await complete(admin, g, { summary: `요약 ${i}`, showcase: i !== 5 })).statusCode).toBe(200);
      if (i !== 5) ids.push(g.id);
    }
    const first = (await t.get('/api/showcase?page=0')).json() as Page<ShowcaseItem>;
    const total = first.totalElements;
    expect(first).toMatchObject({ number: 0, size: 12, first: true, totalPages: Math.ceil(total / 12) });
    expect(first.content.slice(0, 12).map((i) => i.groupId)).toEqual(ids.slice().reverse().slice(0, 12));
    const second = (await t.get('/api/showcase?page=1')).json() as Page<ShowcaseItem>;
    expect(second.content.length).toBe(total - 12);
    expect(second.content[0].groupId).toBe(ids[0]);
    const past = (await t.get('/api/showcase?page=99')).json() as Page<ShowcaseItem>;
    expect(past).toMatchObject({ content: [], empty: true, totalElements: total });
    t.clock.set(NOON_SEOUL);
  });
});
