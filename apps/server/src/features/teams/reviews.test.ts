import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GroupReviews, Review, UserRecord } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';

/** docs/api.md §10.2: reviews, their errors in order, the reveal rule from every reader's side, the race. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true, freshTokens: true });
const DAY = 86_400_000;

const complete = (admin: TestUser, g: TestGroup, body: Record<string, unknown> = {}) =>
  t.post(`/api/groups/${g.id}/complete`, { token: admin.token, body: { summary: '완성했습니다', showcase: true, ...body } });
const write = (by: TestUser, g: TestGroup, body: Record<string, unknown>) =>
  t.post(`/api/groups/${g.id}/reviews`, { token: by.token, body });
const reviewsOf = async (by: TestUser, g: TestGroup) => {
  const res = await t.get(`/api/groups/${g.id}/reviews`, { token: by.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GroupReviews;
};
const record = async (u: TestUser) => {
  const res = await t.get(`/api/users/${u.id}/record`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserRecord;
};

async function team(label: string, extra = 1) {
  const admin = await t.user(`${label}장`);
  const members: TestUser[] = [];
  for (let i = 0; i < extra + 1; i++) members.push(await t.user(`${label}원${i}`));
  const g = await makeGroup(t, admin, members, { name: `${label} 그룹` });
  return { admin, a: members[0], b: members[1], members, g };
}

describe('POST /api/groups/{id}/reviews', () => {
  it('refuses in the contract order, with the texts; stores nothing refused', async () => {
    const { admin, a, b, g } = await team('순서');
    const outsider = await t.user('순서남');
    // before completion
    expectError(
      await write(a, g, { revieweeId: b.id, tags: ['RESPONSIBLE'] }),
      409,
      'group_not_completed',
      '완료된 그룹에서만 할 수 있습니다.',
    );
    expectError(await t.get(`/api/groups/${g.id}/reviews`, { token: a.token }), 409, 'group_not_completed');
    expect((await complete(admin, g)).statusCode).toBe(200);

    expectError(await t.post(`/api/groups/${g.id}/reviews`, { body: {} }), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await write(a, { ...g, id: 999999 }, {}), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    expectError(
      await write(outsider, g, { revieweeId: a.id, tags: ['RESPONSIBLE'] }),
      403,
      'not_group_member',
      '그룹의 일원이 아닙니다.',
    );
    expectError(await t.post('/api/groups/abc/reviews', { token: a.token, body: {} }), 400, 'validation_failed');

    expectError(await write(a, g, {}), 400, 'validation_failed', '평가할 팀원을 선택해주세요.');
    expectError(await write(a, g, { revieweeId: 'x', tags: [] }), 400, 'validation_failed', '평가할 팀원을 선택해주세요.');
    expectError(await write(a, g, { revieweeId: a.id, tags: [] }), 400, 'review_self', '자기 자신은 평가할 수 없습니다.');
    expectError(
      await write(a, g, { revieweeId: outsider.id, tags: [] }),
      400,
      'not_member_at_completion',
      '그룹이 완료될 때 함께한 팀원만 평가할 수 있습니다.',
    );
    expectError(await write(a, g, { revieweeId: b.id }), 400, 'validation_failed', '평가 태그를 1~5개 선택해주세요.');
    expectError(await write(a, g, { revieweeId: b.id, tags: [] }), 400, 'validation_failed', '평가 태그를 1~5개 선택해주세요.');
    const six = ['RESPONSIBLE', 'COMMUNICATIVE', 'ON_TIME', 'SKILLED', 'HELPFUL', 'LEADING'];
    expectError(await write(a, g, { revieweeId: b.id, tags: six }), 400, 'validation_failed', '평가 태그를 1~5개 선택해주세요.');
    expectError(
      await write(a, g, { revieweeId: b.id, tags: ['FRIENDLY'] }),
      400,
      'unknown_review_tag',
      '알 수 없는 평가 태그입니다.',
    );
    expectError(
      await write(a, g, { revieweeId: b.id, tags: ['SKILLED', 'SKILLED'] }),
      400,
      'validation_failed',
      '같은 평가 태그를 두 번 선택할 수 없습니다.',
    );
    expectError(
      await write(a, g, { revieweeId: b.id, tags: ['SKILLED'], comment: 'ㄱ'.repeat(301) }),
      400,
      'validation_failed',
      '평가 코멘트는 300자 이하로 입력해주세요.',
    );
    expectError(
      await write(a, g, { revieweeId: b.id, tags: ['DROPPED_OUT'], comment: '   ' }),
      400,
      'dropped_out_comment',
      '중도 이탈을 선택할 때는 코멘트를 남겨주세요.',
    );
    expect((await reviewsOf(a, g)).written).toEqual([]);

    const ok = await write(a, g, {
      revieweeId: String(b.id),
      tags: ['SKILLED', 'HELPFUL'],
      comment: ' ㄱ'.repeat(150).slice(1) + ' ',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const stored = ok.json() as Review;
    expect(stored).toMatchObject({
      reviewerId: a.id,
      reviewerNickname: a.nickname,
      revieweeId: b.id,
      tags: ['SKILLED', 'HELPFUL'],
    });
    expect([...stored.comment!].length).toBe(299);
    expect(stored.createdDateTime).toBe('2025-06-01T12:00:00+09:00');
    // a second review of the same person: review_exists comes before the window
    expectError(await write(a, g, { revieweeId: b.id, tags: ['SKILLED'] }), 409, 'review_exists', '이미 평가한 팀원입니다.');
    t.clock.advance(14 * DAY);
    await t.reloginSuiteUsers();
    for (const u of [a, admin]) await t.relogin(u);
    expectError(await write(a, g, { revieweeId: b.id, tags: ['SKILLED'] }), 409, 'review_exists');
    expectError(
      await write(a, g, { revieweeId: admin.id, tags: ['SKILLED'] }),
      409,
      'review_window_closed',
      '평가 기간이 끝났습니다.',
    );
    t.clock.set(NOON_SEOUL);
  });

  it('an empty comment is no comment; DROPPED_OUT with one is kept', async () => {
    const { admin, a, b, g } = await team('빈말');
    expect((await complete(admin, g)).statusCode).toBe(200);
    const res = await write(a, g, { revieweeId: b.id, tags: ['ON_TIME'], comment: '  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Review).comment).toBeNull();
    const dropped = await write(a, g, { revieweeId: admin.id, tags: ['DROPPED_OUT'], comment: '연락이 끊겼어요' });
    expect(dropped.statusCode, dropped.body).toBe(201);
    expect((dropped.json() as Review).comment).toBe('연락이 끊겼어요');
  });

  it('a withdrawn member is left out of toWrite and cannot be reviewed; their reviews stay as 탈퇴한 사용자', async () => {
    const { admin, a, b, g } = await team('탈퇴', 1);
    expect((await complete(admin, g)).statusCode).toBe(200);
    expect((await write(b, g, { revieweeId: a.id, tags: ['LEADING'], comment: '최고' })).statusCode).toBe(201);
    expect((await write(a, g, { revieweeId: b.id, tags: ['HELPFUL'] })).statusCode).toBe(201);
    expect((await t.put(`/api/groups/${g.id}/showcase-consent`, { token: b.token, body: { consent: true } })).statusCode).toBe(
      200,
    );
    expect((await t.get(`/api/showcase/${g.id}`)).json()).toMatchObject({ members: [b.nickname] });
    const res = await t.delete(`/api/users/${b.id}`, { token: b.token });
    expect(res.statusCode, res.body).toBe(200);

    const mine = await reviewsOf(a, g);
    expect(mine.toWrite).toEqual([{ userId: admin.id, nickname: admin.nickname }]);
    expect(mine.written).toEqual([{ userId: b.id, nickname: '탈퇴한 사용자' }]);
    expect(mine.received).toHaveLength(1);
    expect(mine.received[0]).toMatchObject({
      reviewerId: null,
      reviewerNickname: '탈퇴한 사용자',
      comment: '최고',
      tags: ['LEADING'],
    });
    expectError(
      await write(admin, g, { revieweeId: b.id, tags: ['LEADING'] }),
      400,
      'reviewee_withdrawn',
      '탈퇴한 사용자는 평가할 수 없습니다.',
    );
    expectError(await t.get(`/api/users/${b.id}/record`), 404, 'user_not_found', '사용자를 찾을 수 없습니다.');
    // their consent went with them
    expect((await t.get(`/api/showcase/${g.id}`)).json()).toMatchObject({ members: [] });
    expect((await record(a)).tags.LEADING).toBe(1);
  });
});

describe('the reveal rule', () => {
  it('nobody but the writer sees a review until the reviewee reviews back or the window closes', async () => {
    const { admin, a, b, g } = await team('공개');
    const outsider = await t.user('공개남');
    expect((await complete(admin, g)).statusCode).toBe(200);
    expect((await write(a, g, { revieweeId: b.id, tags: ['SKILLED', 'LEADING'], comment: '믿음직해요' })).statusCode).toBe(201);

    // before: the writer sees it as written, the reviewee, a third member and everyone else see nothing
    expect((await reviewsOf(a, g)).written).toEqual([{ userId: b.id, nickname: b.nickname }]);
    expect((await reviewsOf(b, g)).received).toEqual([]);
    expect((await reviewsOf(admin, g)).received).toEqual([]);
    expectError(await t.get(`/api/groups/${g.id}/reviews`, { token: outsider.token }), 403, 'not_group_member');
    expectError(await t.get(`/api/groups/${g.id}/reviews`), 401, 'login_required');
    expect((await record(b)).tags).toMatchObject({ SKILLED: 0, LEADING: 0 });
    expect(JSON.stringify((await t.get(`/api/showcase/${g.id}`)).json())).not.toContain('믿음직해요');

    // b reviews a back: both are revealed to their reviewees
    expect((await write(b, g, { revieweeId: a.id, tags: ['HELPFUL'] })).statusCode).toBe(201);
    const toB = (await reviewsOf(b, g)).received;
    expect(toB).toHaveLength(1);
    expect(toB[0]).toMatchObject({ reviewerId: a.id, revieweeId: b.id, tags: ['SKILLED', 'LEADING'], comment: '믿음직해요' });
    expect((await reviewsOf(a, g)).received).toMatchObject([{ reviewerId: b.id, tags: ['HELPFUL'], comment: null }]);
    // the third member still sees nothing of theirs, the public record counts the tags without any comment
    expect((await reviewsOf(admin, g)).received).toEqual([]);
    const publicRecord = await t.get(`/api/users/${b.id}/record`, { token: outsider.token });
    expect(publicRecord.json()).toMatchObject({ tags: { SKILLED: 1, LEADING: 1, DROPPED_OUT: 0 } });
    expect(publicRecord.body).not.toContain('믿음직해요');

    // a review the admin wrote to b is hidden until the window closes, then revealed without a review back
    expect((await write(admin, g, { revieweeId: b.id, tags: ['ON_TIME'], comment: '늘 제시간' })).statusCode).toBe(201);
    expect((await reviewsOf(b, g)).received).toHaveLength(1);
    expect((await record(b)).tags.ON_TIME).toBe(0);
    t.clock.advance(14 * DAY - 1000);
    await Promise.all([admin, a, b].map((u) => t.relogin(u)));
    expect((await reviewsOf(b, g)).received).toHaveLength(1);
    t.clock.advance(1000);
    await Promise.all([admin, a, b, outsider].map((u) => t.relogin(u)));
    const after = (await reviewsOf(b, g)).received;
    expect(after.map((r) => r.reviewerId)).toEqual([a.id, admin.id]);
    expect(after[1]).toMatchObject({ comment: '늘 제시간', tags: ['ON_TIME'] });
    expect((await record(b)).tags).toMatchObject({ SKILLED: 1, LEADING: 1, ON_TIME: 1 });
    // the third member never sees reviews between others, nor do an outsider and an anonymous reader once it closed
    expect((await reviewsOf(a, g)).received.map((r) => r.reviewerId)).toEqual([b.id]);
    expectError(await t.get(`/api/groups/${g.id}/reviews`, { token: outsider.token }), 403, 'not_group_member');
    expectError(await t.get(`/api/groups/${g.id}/reviews`), 401, 'login_required');
    t.clock.set(NOON_SEOUL);
  });

  it('writing a review tells the reviewee nothing: no 쪽지, no job, no mail', async () => {
    const { admin, a, b, g } = await team('조용');
    expect((await complete(admin, g)).statusCode).toBe(200);
    await t.ctx.jobs.drain(); // the completion's own 쪽지 and mails
    const queued = () =>
      queryRows<{ messages: number; jobs: number }>(
        t.db,
        sql`SELECT (SELECT count(*)::int FROM messages) AS messages, (SELECT count(*)::int FROM jobs) AS jobs`,
      );
    const before = await queued();
    const mails = t.mailer.sent.length;
    expect((await write(a, g, { revieweeId: b.id, tags: ['SKILLED'], comment: '고마워요' })).statusCode).toBe(201);
    expect(await queued()).toEqual(before);
    await t.ctx.jobs.drain();
    expect(t.mailer.sent.length).toBe(mails);
  });

  it('two members reviewing each other at the same instant both end revealed', async () => {
    for (let round = 0; round < 3; round++) {
      const { admin, a, b, g } = await team(`경주${round}`);
      expect((await complete(admin, g)).statusCode).toBe(200);
      const [ra, rb] = await Promise.all([
        write(a, g, { revieweeId: b.id, tags: ['COMMUNICATIVE'] }),
        write(b, g, { revieweeId: a.id, tags: ['RESPONSIBLE'] }),
      ]);
      expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
      expect((await reviewsOf(a, g)).received.map((r) => r.tags)).toEqual([['RESPONSIBLE']]);
      expect((await reviewsOf(b, g)).received.map((r) => r.tags)).toEqual([['COMMUNICATIVE']]);
      expect((await record(a)).tags.RESPONSIBLE).toBe(1);
    }
  });

  it('DROPPED_OUT counts on a record only from two reviewers', async () => {
    const { admin, a, b, members, g } = await team('이탈', 2);
    const c = members[2];
    expect((await complete(admin, g)).statusCode).toBe(200);
    expect((await write(a, g, { revieweeId: c.id, tags: ['DROPPED_OUT'], comment: '잠수' })).statusCode).toBe(201);
    expect((await write(c, g, { revieweeId: a.id, tags: ['HELPFUL'] })).statusCode).toBe(201);
    expect((await record(c)).tags.DROPPED_OUT).toBe(0);
    expect((await write(b, g, { revieweeId: c.id, tags: ['DROPPED_OUT', 'SKILLED'], comment: '중간에 사라짐' })).statusCode).toBe(
      201,
    );
    // b's is not revealed yet (c has not reviewed b)
    expect((await record(c)).tags.DROPPED_OUT).toBe(0);
    expect((await write(c, g, { revieweeId: b.id, tags: ['HELPFUL'] })).statusCode).toBe(201);
    expect((await record(c)).tags).toMatchObject({ DROPPED_OUT: 2, SKILLED: 1 });
  });

  it('a member who left after completion keeps the review routes until the window closes', async () => {
    const { admin, a, b, g } = await team('떠난');
    expect((await complete(admin, g)).statusCode).toBe(200);
    const left = await t.delete(`/api/groups/${g.id}/leave`, { token: a.token });
    expect(left.statusCode, left.body).toBe(200);
    expectError(await t.get(`/api/groups/${g.id}`, { token: a.token }), 403, 'not_group_member');
    expect((await reviewsOf(a, g)).toWrite.map((p) => p.userId)).toEqual([admin.id, b.id]);
    expect((await write(a, g, { revieweeId: b.id, tags: ['SKILLED'] })).statusCode).toBe(201);
    expect((await write(b, g, { revieweeId: a.id, tags: ['SKILLED'] })).statusCode).toBe(201);
    expect((await reviewsOf(a, g)).received).toHaveLength(1);
    // leaving a completed group is not leaving early
    expect(await record(a)).toMatchObject({ joined: 1, completed: 1, leftEarly: 0 });
    t.clock.advance(14 * DAY);
    await Promise.all([admin, a, b].map((u) => t.relogin(u)));
    expectError(await t.get(`/api/groups/${g.id}/reviews`, { token: a.token }), 403, 'not_group_member');
    expectError(await write(a, g, { revieweeId: admin.id, tags: ['SKILLED'] }), 403, 'not_group_member');
    expect((await reviewsOf(b, g)).received).toHaveLength(1);
    t.clock.set(NOON_SEOUL);
  });
});
