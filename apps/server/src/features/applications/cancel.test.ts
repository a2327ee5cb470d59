import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, basePosts } from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { addProfile, applyTo, createRecruitment, createStudy, decide, inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';

/** docs/api.md §9.1: DELETE /api/applications/{applicationId}. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const author = t.suiteUser('작성자');

const cancel = (id: number | string, user?: TestUser) => t.delete(`/api/applications/${id}`, { token: user?.token });
const notFound = (res: Awaited<ReturnType<typeof cancel>>) =>
  expectError(res, 404, 'application_not_found', '지원 내역을 찾을 수 없습니다.');
const decided = (res: Awaited<ReturnType<typeof cancel>>) =>
  expectError(res, 409, 'application_decided', '이미 처리된 지원은 취소할 수 없습니다.');

async function applicant(): Promise<TestUser> {
  const u = await t.user();
  await addProfile(t, u);
  return u;
}
const current = async (postId: number) =>
  (await t.db.select({ n: basePosts.currentMembers }).from(basePosts).where(eq(basePosts.id, postId)))[0].n;
const stored = (id: number) => t.db.select().from(applications).where(eq(applications.id, id));

describe('DELETE /api/applications/{applicationId}', () => {
  it('deletes a pending application: it leaves my-list, the applicant list and applicantCount, and sends no 쪽지', async () => {
    const post = await createRecruitment(t, author, { title: '취소할 공고' });
    const u = await applicant();
    const id = await applyTo(t, u, post.id);
    const before = [(await inbox(t, u)).length, (await inbox(t, author)).length];

    const res = await cancel(id, u);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('지원이 취소되었습니다.');

    expect(await stored(id)).toEqual([]);
    expect((await t.get('/api/applications/my-list', { token: u.token })).json()).toEqual([]);
    const list = (await t.get(`/api/applications/${post.id}/list`, { token: author.token })).json();
    expect(list).toMatchObject({ applicants: [], totalElements: 0, empty: true });
    const mine = (await t.get('/api/base-posts/my-posts', { token: author.token })).json() as Array<{
      basePostId: number;
      applicantCount: number;
    }>;
    expect(mine.find((p) => p.basePostId === post.id)?.applicantCount).toBe(0);
    expect([(await inbox(t, u)).length, (await inbox(t, author)).length]).toEqual(before);
    expect(await current(post.id)).toBe(1);
    // a second cancel finds nothing
    notFound(await cancel(id, u));
  });

  it('lets the applicant apply again, with both apply 쪽지 sent again', async () => {
    const post = await createStudy(t, author, { title: '다시 지원' });
    const u = await applicant();
    expect((await cancel(await applyTo(t, u, post.id), u)).statusCode).toBe(200);
    const again = await applyTo(t, u, post.id);
    expect((await t.get('/api/applications/my-list', { token: u.token })).json()).toMatchObject([
      { applicationId: again, basePostId: post.id, status: 'PENDING', postType: 'STUDY_GROUP' },
    ]);
    const applied = '▷다시 지원◁ 공고에 지원하셨습니다. 승인될 때까지 기다려주세요.';
    expect((await inbox(t, u)).filter((m) => m === applied)).toHaveLength(2);
    const toAuthor = `${u.nickname}님이 '다시 지원' 공고에 지원하였습니다. 승인 및 거부를 눌러주세요.`;
    expect((await inbox(t, author)).filter((m) => m === toAuthor)).toHaveLength(2);
  });

  it('cancels on a closed post too', async () => {
    const post = await createRecruitment(t, author);
    const u = await applicant();
    const id = await applyTo(t, u, post.id);
    expect((await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token })).statusCode).toBe(200);
    expect((await cancel(id, u)).statusCode).toBe(200);
    expect(await stored(id)).toEqual([]);
  });

  it('counts an apply after a cancel toward the apply limit (30 per hour)', async () => {
    const post = await createRecruitment(t, author);
    const u = await applicant();
    for (let i = 0; i < 30; i++) {
      const res = await cancel(await applyTo(t, u, post.id), u);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await t.post('/api/applications', { token: u.token, body: { recruitmentId: post.id } });
    expectError(refused, 429, 'rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('checks login, the id format, then existence (another user\u2019s is 404, never 403), then the state', async () => {
    const post = await createRecruitment(t, author, { totalMembers: 5 });
    const u = await applicant();
    const other = await applicant();
    const approved = await applyTo(t, u, post.id);
    const rejected = await applyTo(t, other, post.id);
    const pending = await applyTo(t, await applicant(), post.id);
    expect((await decide(t, author, approved, 'APPROVED')).statusCode).toBe(200);
    expect((await decide(t, author, rejected, 'REJECTED')).statusCode).toBe(200);

    expectError(await cancel(pending), 401, 'login_required', '로그인이 필요합니다.');
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expectError(await cancel(bad, u), 400, 'validation_failed', '요청 형식이 올바르지 않습니다.');
    }
    notFound(await cancel(999999, u));
    notFound(await cancel(99999999999, u));
    // someone else's, pending or decided, the post author's view included: 404, and nothing changes
    notFound(await cancel(pending, u));
    notFound(await cancel(pending, author));
    notFound(await cancel(approved, other));
    expect(await stored(pending)).toHaveLength(1);
    decided(await cancel(approved, u));
    decided(await cancel(rejected, other));
    expect((await stored(approved))[0].status).toBe('APPROVED');
    expect(await current(post.id)).toBe(2);
  });
});

describe('a cancel racing the author\u2019s decision', () => {
  it('lets exactly one win, many times over, for approve and reject', async () => {
    for (let i = 0; i < 16; i++) {
      t.resetLimits();
      const post = await createRecruitment(t, author, { totalMembers: 3 });
      const u = await applicant();
      const id = await applyTo(t, u, post.id);
      const decision = i % 2 === 0 ? 'APPROVED' : 'REJECTED';
      const [c, d] = await Promise.all([cancel(id, u), decide(t, author, id, decision)]);
      const rows = await stored(id);
      const messages = await inbox(t, u);
      if (c.statusCode === 200) {
        // the decision read the application before the cancel (not_pending) or after it (not found)
        if (d.statusCode === 400) expectError(d, 400, 'not_pending', '검토중 상태의 지원서만 상태 변경이 가능합니다.');
        else expectError(d, 404, 'not_found', '지원 정보를 찾을 수 없습니다.');
        expect(rows).toEqual([]);
        expect(await current(post.id)).toBe(1);
        expect(messages.some((m) => m.includes('승인되었습니다') || m.includes('거절되었습니다'))).toBe(false);
      } else {
        expect(d.statusCode, d.body).toBe(200);
        decided(c);
        expect(rows.map((r) => r.status)).toEqual([decision]);
        expect(await current(post.id)).toBe(decision === 'APPROVED' ? 2 : 1);
      }
    }
  });
});
