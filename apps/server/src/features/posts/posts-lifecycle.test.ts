import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { basePosts, postTags, viewRecords } from '../../db/schema/index.js';
import { expectError, nextIp, useTestApp } from '../../../test/helpers.js';
import { closeOverduePosts, startAutoClose } from './inactivity.js';
import {
  addProfile,
  applyTo,
  createRecruitment,
  createStudy,
  decide,
  NOON_SEOUL,
  recruitmentBody,
  studyBody,
} from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const author = t.suiteUser('작성자');
const other = t.suiteUser('다른사람');

describe('GET /api/recruitments/{id} and /api/study-groups/{id}', () => {
  it('hides creatorContact from anonymous callers and shows the profile contact, else the phone', async () => {
    const post = await createRecruitment(t, author);
    expect((await t.get(`/api/recruitments/${post.id}`)).json().creatorContact).toBeNull();
    expect((await t.get(`/api/recruitments/${post.id}`, { token: 'not-a-token' })).json().creatorContact).toBeNull();
    expect((await t.get(`/api/recruitments/${post.id}`, { token: other.token })).json().creatorContact).toBe('01012345678');
    await addProfile(t, author, { contact: '비공개' });
    expect((await t.get(`/api/recruitments/${post.id}`, { token: other.token })).json().creatorContact).toBe('비공개');
  });

  it('answers 404 for a missing id or the other kind, 400 for a bad id', async () => {
    const study = await createStudy(t, author);
    const rec = await createRecruitment(t, author);
    expectError(await t.get('/api/recruitments/999999'), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(await t.get(`/api/recruitments/${study.id}`), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(await t.get(`/api/study-groups/${rec.id}`), 404, 'not_found', '해당 스터디 그룹 공고를 찾을 수 없습니다.');
    expectError(await t.get('/api/recruitments/abc'), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    expect((await t.get(`/api/study-groups/${study.id}`)).statusCode).toBe(200);
  });

  it('answers 403 post_inactive for a closed post, to the author too', async () => {
    const rec = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    await t.patch(`/api/recruitments/${rec.id}/close`, { token: author.token });
    await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token });
    for (const token of [undefined, author.token]) {
      expectError(
        await t.get(`/api/recruitments/${rec.id}`, { token }),
        403,
        'post_inactive',
        '이미 종료된 공고는 조회할 수 없습니다.',
      );
      expectError(
        await t.get(`/api/study-groups/${study.id}`, { token }),
        403,
        'post_inactive',
        '이미 종료된 공고는 조회할 수 없습니다.',
      );
    }
  });
});

describe('PUT /api/recruitments/{id} and /api/study-groups/{id}', () => {
  it('replaces every field for the author', async () => {
    const post = await createRecruitment(t, author);
    const res = await t.put(`/api/recruitments/${post.id}`, {
      token: author.token,
      body: recruitmentBody({ title: '수정된 제목', tags: ['Vue'], totalMembers: 6, dueDate: '2025-07-01' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: post.id,
      title: '수정된 제목',
      tags: ['Vue'],
      totalMembers: 6,
      dueDate: '2025-07-01',
    });
    const study = await createStudy(t, author);
    const res2 = await t.put(`/api/study-groups/${study.id}`, {
      token: author.token,
      body: studyBody({ title: '새 스터디', endDate: '2025-09-30' }),
    });
    expect(res2.statusCode).toBe(200);
    expect(res2.json()).toMatchObject({ title: '새 스터디', endDate: '2025-09-30' });
  });

  it('checks existence, permission, state, validation, capacity, then the date rule', async () => {
    const post = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    const put = (url: string, token: string | undefined, body: unknown) => t.put(url, { token, body });
    expectError(
      await put(`/api/recruitments/${post.id}`, undefined, recruitmentBody()),
      401,
      'login_required',
      '로그인이 필요합니다.',
    );
    expectError(await put('/api/recruitments/999999', author.token, {}), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(await put(`/api/recruitments/${study.id}`, author.token, {}), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(
      await put(`/api/study-groups/${post.id}`, author.token, {}),
      404,
      'not_found',
      '해당 스터디 그룹 공고를 찾을 수 없습니다.',
    );
    expectError(
      await put(`/api/recruitments/${post.id}`, other.token, {}),
      403,
      'forbidden',
      '모집 공고를 수정할 권한이 없습니다.',
    );
    expectError(
      await put(`/api/study-groups/${study.id}`, other.token, {}),
      403,
      'forbidden',
      '모집글을 수정할 권한이 없습니다.',
    );
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, { title: '' }),
      400,
      'validation_failed',
      '제목을 입력해주세요.',
    );
    expectError(
      await put(
        `/api/recruitments/${post.id}`,
        author.token,
        recruitmentBody({
          title: '바뀌면 안 됨',
          tags: Array(11)
            .fill(0)
            .map((_, i) => `t${i}`),
        }),
      ),
      400,
      'validation_failed',
      '태그는 최대 10개까지 등록할 수 있습니다.',
    );
    expect((await t.get(`/api/recruitments/${post.id}`)).json()).toMatchObject({
      title: '사이드 프로젝트 팀원 모집',
      tags: ['React', 'TypeScript'],
    });
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, recruitmentBody({ dueDate: '2025-05-31' })),
      400,
      'validation_failed',
      '마감일은 생성일 이후로 설정해야 합니다.',
    );

    // Fill a seat, then refuse a total below the current count before the date rule.
    const member = await t.user();
    await addProfile(t, member);
    const appId = await applyTo(t, member, post.id);
    expect((await decide(t, author, appId, 'APPROVED')).statusCode).toBe(200);
    // 2 seats taken, total 2: allowed, so the date rule answers.
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, recruitmentBody({ totalMembers: 2, dueDate: '2025-05-01' })),
      400,
      'validation_failed',
      '마감일은 생성일 이후로 설정해야 합니다.',
    );
    await t.db.update(basePosts).set({ currentMembers: 3 }).where(eq(basePosts.id, post.id));
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, recruitmentBody({ totalMembers: 2, dueDate: '2025-05-01' })),
      400,
      'below_current_members',
      '현재 인원보다 적게 설정할 수 없습니다.',
    );

    await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token });
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, {}),
      403,
      'post_inactive',
      '이미 종료된 공고는 수정할 수 없습니다.',
    );
    await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token });
    expectError(
      await put(`/api/study-groups/${study.id}`, author.token, {}),
      403,
      'post_inactive',
      '이미 종료된 공고는 수정할 수 없습니다.',
    );
  });

  it('allows a due date from the creation day on, after that day has passed', async () => {
    const post = await createRecruitment(t, author);
    t.clock.advance(13 * 60 * 60 * 1000); // 01:00 the next day in Seoul
    try {
      const res = await t.put(`/api/recruitments/${post.id}`, {
        token: author.token,
        body: recruitmentBody({ dueDate: '2025-06-01' }),
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.clock.set(NOON_SEOUL);
    }
  });
});

describe('close and delete', () => {
  it('closes idempotently with the kind-specific text', async () => {
    const rec = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    for (let i = 0; i < 2; i++) {
      const r = await t.patch(`/api/recruitments/${rec.id}/close`, { token: author.token });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
      expect(r.body).toBe('프로젝트 모집 공고가 마감되었습니다.');
    }
    expect((await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token })).body).toBe(
      '스터디 그룹 공고가 마감되었습니다.',
    );
  });

  it('refuses close with 404 / 403 texts', async () => {
    const rec = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    expectError(await t.patch(`/api/recruitments/${rec.id}/close`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(
      await t.patch('/api/recruitments/999999/close', { token: author.token }),
      404,
      'not_found',
      '해당 모집 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.patch(`/api/recruitments/${study.id}/close`, { token: author.token }),
      404,
      'not_found',
      '해당 모집 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.patch(`/api/study-groups/${rec.id}/close`, { token: author.token }),
      404,
      'not_found',
      '해당 스터디 그룹 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.patch(`/api/recruitments/${rec.id}/close`, { token: other.token }),
      403,
      'forbidden',
      '모집 공고를 마감할 권한이 없습니다.',
    );
    expectError(
      await t.patch(`/api/study-groups/${study.id}/close`, { token: other.token }),
      403,
      'forbidden',
      '스터디 그룹 공고를 마감할 권한이 없습니다.',
    );
    expect((await t.get(`/api/recruitments/${rec.id}`)).statusCode).toBe(200);
  });

  it('deletes a recruitment with its tags, applications and view records (204)', async () => {
    const rec = await createRecruitment(t, author);
    const applicant = await t.user();
    await addProfile(t, applicant);
    await applyTo(t, applicant, rec.id);
    await t.post(`/api/base-posts/${rec.id}/view`, { token: other.token });
    const res = await t.delete(`/api/recruitments/${rec.id}`, { token: author.token });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(basePosts).where(eq(basePosts.id, rec.id))).toEqual([]);
    expect(await t.db.select().from(postTags).where(eq(postTags.postId, rec.id))).toEqual([]);
    expect(await t.db.select().from(viewRecords).where(eq(viewRecords.targetId, rec.id))).toEqual([]);
    expect((await t.get('/api/applications/my-list', { token: applicant.token })).json()).toEqual([]);
  });

  it('refuses delete with each kind-specific 404 / 403 and post_has_group', async () => {
    const rec = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    expectError(await t.delete(`/api/recruitments/${rec.id}`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(
      await t.delete(`/api/recruitments/${study.id}`, { token: author.token }),
      404,
      'not_found',
      '해당 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.delete(`/api/study-groups/${rec.id}`, { token: author.token }),
      404,
      'not_found',
      '스터디 그룹 모집글을 찾을 수 없습니다.',
    );
    expectError(
      await t.delete(`/api/recruitments/${rec.id}`, { token: other.token }),
      403,
      'forbidden',
      '공고 삭제 권한이 없습니다.',
    );
    expectError(
      await t.delete(`/api/study-groups/${study.id}`, { token: other.token }),
      403,
      'forbidden',
      '모집글을 삭제할 권한이 없습니다.',
    );
    expectError(
      await t.delete(`/api/base-posts/${study.id}`, { token: other.token }),
      403,
      'forbidden',
      '공고 삭제 권한이 없습니다.',
    );
    expectError(await t.delete('/api/base-posts/999999', { token: author.token }), 404, 'not_found', '공고를 찾을 수 없습니다.');
    expectError(await t.delete(`/api/base-posts/${study.id}`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(
      await t.delete('/api/base-posts/0', { token: author.token }),
      400,
      'bad_request',
      '요청 형식이 올바르지 않습니다.',
    );

    await t.patch(`/api/recruitments/${rec.id}/close`, { token: author.token });
    const g = await t.post('/api/groups', {
      token: author.token,
      body: { basePostId: rec.id, name: '그룹 이름', description: '설명' },
    });
    expect(g.statusCode).toBe(201);
    const hasGroup = '그룹이 생성된 공고는 삭제할 수 없습니다. 그룹을 먼저 삭제해주세요.';
    expectError(await t.delete(`/api/recruitments/${rec.id}`, { token: author.token }), 400, 'post_has_group', hasGroup);
    expectError(await t.delete(`/api/base-posts/${rec.id}`, { token: author.token }), 400, 'post_has_group', hasGroup);

    const del = await t.delete(`/api/base-posts/${study.id}`, { token: author.token });
    expect(del.statusCode).toBe(200);
    expect(del.body).toBe('');
  });
});

describe('POST /api/base-posts/{id}/view', () => {
  it('counts one view per user per 24 h, anonymous viewers by address and agent, inactive posts too', async () => {
    const post = await createStudy(t, author);
    const views = async () => (await t.db.select({ v: basePosts.views }).from(basePosts).where(eq(basePosts.id, post.id)))[0].v;
    const view = (opts: { token?: string; ip?: string; ua?: string } = {}) =>
      t.post(`/api/base-posts/${post.id}/view`, { token: opts.token, ip: opts.ip, headers: { 'user-agent': opts.ua ?? 'ua-1' } });
    const r = await view({ token: other.token });
    expect(r.statusCode).toBe(204);
    await Promise.all([view({ token: other.token }), view({ token: other.token })]);
    expect(await views()).toBe(1);
    await view({ ip: '10.9.0.1' });
    await view({ ip: '10.9.0.1' });
    expect(await views()).toBe(2);
    await view({ ip: '10.9.0.1', ua: 'ua-2' });
    await view({ ip: '10.9.0.2' });
    expect(await views()).toBe(4);
    t.clock.advance(24 * 60 * 60 * 1000 - 1000);
    try {
      await view({ ip: '10.9.0.1' });
      expect(await views()).toBe(4);
      t.clock.advance(2000);
      await t.db.update(basePosts).set({ inactive: true }).where(eq(basePosts.id, post.id));
      await view({ ip: '10.9.0.1' });
      expect(await views()).toBe(5);
    } finally {
      t.clock.set(NOON_SEOUL);
    }
  });

  it('answers 404 for a missing post and 429 over 60 per minute per address', async () => {
    expectError(await t.post('/api/base-posts/999999/view'), 404, 'not_found', '공고를 찾을 수 없습니다.');
    const post = await createStudy(t, author);
    const ip = nextIp();
    for (let i = 0; i < 60; i++) await t.post(`/api/base-posts/${post.id}/view`, { ip });
    const res = await t.post(`/api/base-posts/${post.id}/view`, { ip });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/base-posts/my-posts', () => {
  it("lists the caller's posts without a group, newest first, with every applicant counted", async () => {
    const me = await t.user();
    expect((await t.get('/api/base-posts/my-posts', { token: me.token })).json()).toEqual([]);
    const rec = await createRecruitment(t, me, { title: '내 공고' });
    t.clock.advance(1000);
    const study = await createStudy(t, me, { title: '내 스터디' });
    const grouped = await createRecruitment(t, me, { title: '그룹된 공고' });
    t.clock.set(NOON_SEOUL);
    const a1 = await t.user();
    const a2 = await t.user();
    await addProfile(t, a1);
    await addProfile(t, a2);
    await applyTo(t, a1, rec.id);
    const rejected = await applyTo(t, a2, rec.id);
    await decide(t, me, rejected, 'REJECTED');
    await t.patch(`/api/recruitments/${grouped.id}/close`, { token: me.token });
    await t.post('/api/groups', { token: me.token, body: { basePostId: grouped.id, name: '우리 그룹', description: '설명' } });

    const res = await t.get('/api/base-posts/my-posts', { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        basePostId: study.id,
        title: '내 스터디',
        inactive: false,
        postType: 'STUDY_GROUP',
        createdAt: '2025-06-01T12:00:01+09:00',
        dueDate: '2025-06-05',
        currentMembers: 1,
        totalMembers: 3,
        topic: '알고리즘',
        applicantCount: 0,
        hasGroup: false,
      },
      expect.objectContaining({ basePostId: rec.id, postType: 'RECRUITMENT', applicantCount: 2, inactive: false }),
    ]);
    expectError(await t.get('/api/base-posts/my-posts'), 401, 'login_required', '로그인이 필요합니다.');
  });
});

describe('inactivity by date (Asia/Seoul)', () => {
  it('makes a post due yesterday inactive right after Seoul midnight, and the catch-up stores it', async () => {
    const post = await createRecruitment(t, author, { dueDate: '2025-06-01' });
    t.clock.set('2025-06-01T14:59:59Z'); // 23:59:59 in Seoul: still open through its due date
    try {
      expect((await t.get(`/api/recruitments/${post.id}`)).statusCode).toBe(200);
      t.clock.set('2025-06-01T15:00:00Z'); // 00:00 in Seoul
      expectError(await t.get(`/api/recruitments/${post.id}`), 403, 'post_inactive', '이미 종료된 공고는 조회할 수 없습니다.');
      const listed = (await t.get('/api/recruitments')).json().content.find((c: { id: number }) => c.id === post.id);
      expect(listed.inactive).toBe(true);

      const stored = async () =>
        (await t.db.select({ i: basePosts.inactive }).from(basePosts).where(eq(basePosts.id, post.id)))[0].i;
      expect(await stored()).toBe(false);
      expect(await closeOverduePosts(t.db, '2025-06-02', 1000, t.ctx.changes)).toBeGreaterThan(0);
      expect(await stored()).toBe(true);
      expect(await closeOverduePosts(t.db, '2025-06-02')).toBe(0);
    } finally {
      t.clock.set(NOON_SEOUL);
    }
    // Stored inactive: nothing reopens it, whatever the date.
    expectError(await t.get(`/api/recruitments/${post.id}`), 403, 'post_inactive', '이미 종료된 공고는 조회할 수 없습니다.');
  });

  it('closes every overdue post in batches, and only those', async () => {
    const overdue = await Promise.all([1, 2, 3, 4, 5].map(() => createRecruitment(t, author, { dueDate: '2025-06-01' })));
    const open = await createRecruitment(t, author, { dueDate: '2025-06-02' });
    const stored = async (id: number) =>
      (await t.db.select({ i: basePosts.inactive }).from(basePosts).where(eq(basePosts.id, id)))[0].i;
    expect(await closeOverduePosts(t.db, '2025-06-02', 2)).toBeGreaterThanOrEqual(5);
    for (const post of overdue) expect(await stored(post.id)).toBe(true);
    expect(await stored(open.id)).toBe(false);
    expect(await closeOverduePosts(t.db, '2025-06-02', 2)).toBe(0);
  });

  it('closes overdue posts at start-up (catch-up) after a restart', async () => {
    const post = await createRecruitment(t, author, { dueDate: '2025-06-01' });
    // What a (re)started server runs first: the catch-up, on the Feature's start hook.
    t.clock.set('2025-06-03T00:00:00Z');
    try {
      const stop = startAutoClose(t.ctx);
      await new Promise((r) => setTimeout(r, 200));
      stop();
      const [row] = await t.db.select({ i: basePosts.inactive }).from(basePosts).where(eq(basePosts.id, post.id));
      expect(row.i).toBe(true);
    } finally {
      t.clock.set(NOON_SEOUL);
    }
  });
});

describe('rate limit', () => {
  it('allows 20 creates per hour per user', async () => {
    const busy = await t.user();
    for (let i = 0; i < 20; i++) {
      const r = await t.post('/api/recruitments', { token: busy.token, body: recruitmentBody() });
      expect(r.statusCode).toBe(201);
    }
    expectError(await t.post('/api/study-groups', { token: busy.token, body: studyBody() }), 429, 'rate_limited');
  });
});
