import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKMARK_LIMIT } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { createRecruitment, createStudy, NOON_SEOUL, whilePostIsDeleted } from '../../../test/fixtures/posts.js';

/** Bookmarks (관심 공고) (docs/api.md §9.5). */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const author = t.suiteUser('작성자');
const reader = t.suiteUser('독자');

const state = (postId: number, token?: string) => t.get(`/api/bookmarks/${postId}`, { token });
const put = (postId: number, user: TestUser) => t.put(`/api/bookmarks/${postId}`, { token: user.token });
const list = async (user: TestUser, page = 0) => (await t.get(`/api/bookmarks?page=${page}`, { token: user.token })).json();

describe('PUT and DELETE /api/bookmarks/{postId}', () => {
  it('bookmarks and unbookmarks, idempotently, answering the new state', async () => {
    const post = await createRecruitment(t, author);
    expect((await state(post.id)).json()).toEqual({ postId: post.id, bookmarked: false, bookmarkCount: 0 });
    const [a, b] = await Promise.all([put(post.id, reader), put(post.id, reader)]); // a double click
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json()).toEqual({ postId: post.id, bookmarked: true, bookmarkCount: 1 });
    expect((await put(post.id, reader)).json()).toEqual({ postId: post.id, bookmarked: true, bookmarkCount: 1 });
    expect((await put(post.id, author)).json()).toEqual({ postId: post.id, bookmarked: true, bookmarkCount: 2 });
    expect((await state(post.id, reader.token)).json()).toEqual({ postId: post.id, bookmarked: true, bookmarkCount: 2 });
    expect((await state(post.id)).json()).toEqual({ postId: post.id, bookmarked: false, bookmarkCount: 2 });
    const [d1, d2] = await Promise.all([
      t.delete(`/api/bookmarks/${post.id}`, { token: reader.token }),
      t.delete(`/api/bookmarks/${post.id}`, { token: reader.token }),
    ]);
    expect(d1.statusCode).toBe(200);
    expect(d2.json()).toEqual({ postId: post.id, bookmarked: false, bookmarkCount: 1 });
  });

  it('answers 401 to an anonymous caller for every write and list route', async () => {
    const post = await createRecruitment(t, author);
    expectError(await t.put(`/api/bookmarks/${post.id}`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.delete(`/api/bookmarks/${post.id}`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.get('/api/bookmarks'), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.get('/api/bookmarks/ids'), 401, 'login_required', '로그인이 필요합니다.');
    expect((await state(post.id)).json().bookmarkCount).toBe(0);
  });

  it('answers 404 for a missing post and 400 bad_request for a bad id', async () => {
    for (const call of [
      () => put(999999, reader),
      () => t.delete('/api/bookmarks/999999', { token: reader.token }),
      () => state(999999),
    ]) {
      expectError(await call(), 404, 'not_found', '공고를 찾을 수 없습니다.');
    }
    expectError(await t.put('/api/bookmarks/abc', { token: reader.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    expectError(await t.put('/api/bookmarks/0', { token: reader.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    expectError(await t.get('/api/bookmarks/-1'), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });

  it('answers 404, never a 500, when the post is deleted while the bookmark is being added', async () => {
    const post = await createRecruitment(t, author);
    expectError(await whilePostIsDeleted(t, post.id, () => put(post.id, reader)), 404, 'not_found', '공고를 찾을 수 없습니다.');
    const rows = await queryRows(t.db, sql`SELECT 1 FROM bookmarks WHERE post_id = ${post.id}`);
    expect(rows).toEqual([]);
  });

  it('bookmarks a closed post (of either kind) as well', async () => {
    const study = await createStudy(t, author);
    await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token });
    expect((await put(study.id, reader)).json()).toEqual({ postId: study.id, bookmarked: true, bookmarkCount: 1 });
  });

  it(`refuses more than ${BOOKMARK_LIMIT} bookmarks with 400 and changes nothing`, async () => {
    const user = await t.user();
    const first = await createRecruitment(t, author);
    // fill up to the limit directly: the posts exist, only the count matters
    await t.db.execute(sql`INSERT INTO bookmarks (user_id, post_id, created_at)
      SELECT ${user.id}, ${first.id}, now()`);
    const filler = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, due_date, created_at, updated_at)
          SELECT 'STUDY_GROUP', ${author.id}, 'x' || g, 'd', 't', 2, '2025-06-10', now(), now() FROM generate_series(1, ${BOOKMARK_LIMIT - 1}) g
          RETURNING id`,
    );
    await t.db.execute(sql`INSERT INTO bookmarks (user_id, post_id, created_at)
      SELECT ${user.id}, id, now() FROM base_posts WHERE id IN (${sql.join(
        filler.map((f) => sql`${f.id}`),
        sql`, `,
      )})`);
    const extra = await createRecruitment(t, author);
    expectError(await put(extra.id, user), 400, 'bookmark_limit', `관심 공고는 최대 ${BOOKMARK_LIMIT}개까지 등록할 수 있습니다.`);
    expect((await state(extra.id)).json().bookmarkCount).toBe(0);
    // re-bookmarking one already kept is not a new bookmark
    expect((await put(first.id, user)).statusCode).toBe(200);
    expect((await t.get('/api/bookmarks/ids', { token: user.token })).json()).toHaveLength(BOOKMARK_LIMIT);
  });
});

describe('GET /api/bookmarks (관심 공고)', () => {
  it('lists both kinds newest bookmark first; a deleted post disappears, a closed one stays inactive', async () => {
    const user = await t.user();
    const rec = await createRecruitment(t, author, { title: '북마크 프로젝트', tags: ['React'] });
    const study = await createStudy(t, author, { title: '북마크 스터디' });
    const gone = await createRecruitment(t, author, { title: '지워질 공고' });
    for (const id of [rec.id, study.id, gone.id]) {
      t.clock.advance(1000);
      expect((await put(id, user)).statusCode).toBe(200);
    }
    expect((await t.get('/api/bookmarks/ids', { token: user.token })).json()).toEqual([gone.id, study.id, rec.id]);
    expect((await t.delete(`/api/recruitments/${gone.id}`, { token: author.token })).statusCode).toBe(204);
    await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token });
    const page = await list(user);
    expect(page).toMatchObject({ number: 0, size: 12, totalElements: 2, totalPages: 1, first: true, last: true, empty: false });
    expect(page.content).toEqual([
      {
        id: study.id,
        postType: 'STUDY_GROUP',
        title: '북마크 스터디',
        dueDate: '2025-06-05',
        createdAt: expect.any(String),
        currentMembers: 1,
        totalMembers: 3,
        tags: [],
        creatorNickname: '작성자',
        inactive: true,
        views: 0,
        topic: '알고리즘',
        startDate: '2025-06-07',
        endDate: '2025-08-30',
        bookmarkedAt: expect.stringMatching(/^2025-06-01T12:00:0\d\+09:00$/),
      },
      expect.objectContaining({ id: rec.id, postType: 'RECRUITMENT', tags: ['React'], inactive: false, startDate: null }),
    ]);
    expect(await list(user, 4)).toMatchObject({ content: [], totalElements: 2, totalPages: 1, number: 4, empty: true });
    expect(await list(await t.user())).toMatchObject({ content: [], totalElements: 0, totalPages: 0, empty: true });
  });

  it('pages by 12', async () => {
    const user = await t.user();
    for (let i = 0; i < 13; i++) {
      t.clock.advance(1000);
      await put((await createStudy(t, author, { title: `스터디 ${i}` })).id, user);
    }
    const first = await list(user);
    expect(first.content).toHaveLength(12);
    expect(first.content[0].title).toBe('스터디 12');
    expect((await list(user, 1)).content.map((i: { title: string }) => i.title)).toEqual(['스터디 0']);
  });
});

describe('withdrawal', () => {
  it("removes the user's bookmarks and others' bookmarks of the user's removed posts", async () => {
    const leaving = await t.user('떠날 사람');
    const theirs = await createRecruitment(t, leaving);
    const mine = await createRecruitment(t, author);
    await put(mine.id, leaving);
    await put(theirs.id, reader);
    const res = await t.delete(`/api/users/${leaving.id}`, { token: leaving.token });
    expect(res.statusCode, res.body).toBe(200);
    const left = await queryRows<{ n: number | string }>(
      t.db,
      sql`SELECT count(*) AS n FROM bookmarks WHERE user_id = ${leaving.id} OR post_id = ${theirs.id}`,
    );
    expect(Number(left[0].n)).toBe(0);
    expect((await state(mine.id)).json().bookmarkCount).toBe(0);
    expectError(await put(mine.id, leaving), 401, 'login_required');
  });
});
