import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HIDDEN_BY_REPORTS_TEXT } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { groupWithOutsider, makeGroup } from '../../../test/fixtures/groups.js';
import { addProfile, applyTo, createRecruitment, createStudy, decide, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { apiReads } from '../pages/api-reads.js';
import { linkPreviewHead } from '../pages/link-preview.js';
import { sitemapFile } from '../pages/sitemap.js';
import { changeOperator } from './operators.js';

/** docs/api.md §10.4 "Hidden": what a hidden post, board, reply, link or notice looks like to each reader. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });

type Res = Awaited<ReturnType<typeof t.get>>;
type Item = { id?: number; boardId?: number; title?: string; hidden?: boolean; hiddenReason?: string | null };
type PageJson = { content: Item[]; totalElements: number };

async function operator(): Promise<TestUser> {
  const user = await t.user();
  expect((await changeOperator(t.db, 'grant', user.loginId, t.clock.now())).outcome).toBe('granted');
  return user;
}
async function resolve(op: TestUser, type: string, id: number, action: 'HIDE' | 'RESTORE', note = '광고 글이라 숨깁니다') {
  const res = await t.post(`/api/admin/reports/${type}/${id}/resolve`, { token: op.token, body: { action, note } });
  expect(res.statusCode, res.body).toBe(200);
}
const json = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const page = async (url: string, token?: string) => json<PageJson>(await t.get(url, { token }));
const ids = (items: Item[]) => items.map((i) => i.id ?? i.boardId);
const q = encodeURIComponent;

/** Every public list a post can be in, as [label, what it answered]. */
async function postSurfaces(kind: 'recruitments' | 'study-groups', keyword: string, creator: string, stack?: string) {
  const lists: Array<[string, string]> = [
    ['list', `/api/${kind}?page=0`],
    ['open', `/api/${kind}?open=true`],
    ['views', `/api/${kind}?order=views`],
  ];
  for (const type of ['all', 'title', 'content', 'creator']) {
    for (const order of ['latest', 'views', 'relevance']) {
      const word = type === 'creator' ? creator : keyword;
      lists.push([`search ${type} ${order}`, `/api/${kind}/search?searchType=${type}&keyword=${q(word)}&order=${order}`]);
    }
  }
  if (stack) lists.push(['stack', `/api/${kind}?stack=${q(stack)}`], ['stack open', `/api/${kind}?stack=${q(stack)}&open=true`]);
  const out: Array<[string, PageJson]> = [];
  for (const [label, url] of lists) out.push([label, await page(url)]);
  return out;
}

describe('hidden posts', () => {
  it('leave every list, search (each type and order), popular list, filter chip and the sitemap with exact totals; come back on restore', async () => {
    const op = await operator();
    const author = await t.user('숨김작성자');
    const other = await t.user('숨김다른이');
    const stack = 'Hidestackx';
    const shown = await createRecruitment(t, author, { title: '숨김대조 공고', tags: [stack] });
    const post = await createRecruitment(t, author, { title: '숨김대상 공고', description: '숨김대상 설명', tags: [stack] });
    const study = await createStudy(t, author, { title: '숨김대상 스터디', description: '숨김대상 설명' });
    for (const id of [shown.id, post.id, study.id]) await t.post(`/api/base-posts/${id}/view`, { token: other.token });

    const before = await postSurfaces('recruitments', '숨김대상', '숨김작성자', stack);
    for (const [label, p] of before) expect(ids(p.content), label).toContain(post.id);
    const studiesBefore = await postSurfaces('study-groups', '숨김대상', '숨김작성자');
    for (const [label, p] of studiesBefore) expect(ids(p.content), label).toContain(study.id);
    const chip = async () =>
      json<Array<{ name: string; count: number }>>(await t.get('/api/recruitments/popular-tags')).find((c) => c.name === stack)
        ?.count ?? 0;
    expect(await chip()).toBe(2);
    const sitemap = () => sitemapFile(t.ctx, 'http://x', 0);
    expect(await sitemap()).toContain(`/recruitment/${post.id}<`);

    await resolve(op, 'POST', post.id, 'HIDE');
    await resolve(op, 'POST', study.id, 'HIDE');

    const after = await postSurfaces('recruitments', '숨김대상', '숨김작성자', stack);
    after.forEach(([label, p], i) => {
      expect(ids(p.content), label).not.toContain(post.id);
      expect(p.totalElements, label).toBe(before[i][1].totalElements - 1);
    });
    const studiesAfter = await postSurfaces('study-groups', '숨김대상', '숨김작성자');
    studiesAfter.forEach(([label, p], i) => {
      expect(ids(p.content), label).not.toContain(study.id);
      expect(p.totalElements, label).toBe(studiesBefore[i][1].totalElements - 1);
    });
    for (const kind of ['recruitments', 'study-groups']) {
      const popular = json<Item[]>(await t.get(`/api/${kind}/popular`));
      expect(ids(popular)).not.toContain(post.id);
      expect(ids(popular)).not.toContain(study.id);
    }
    expect(ids(json<Item[]>(await t.get('/api/recruitments/popular')))).toContain(shown.id);
    expect(await chip()).toBe(1);
    expect(await sitemap()).not.toContain(`/recruitment/${post.id}<`);
    expect(await sitemap()).not.toContain(`/study-group/${study.id}<`);

    await resolve(op, 'POST', post.id, 'RESTORE', '오해였습니다');
    const restored = await postSurfaces('recruitments', '숨김대상', '숨김작성자', stack);
    restored.forEach(([label, p], i) => {
      expect(ids(p.content), label).toContain(post.id);
      expect(p.totalElements, label).toBe(before[i][1].totalElements);
    });
    expect(await chip()).toBe(2);
    expect(await sitemap()).toContain(`/recruitment/${post.id}<`);
    const item = (await page('/api/recruitments?page=0')).content.find((i) => i.id === post.id)!;
    expect(Object.keys(item)).not.toContain('hidden');
  });

  it('answer 404 on their detail to visitors and other members; the author and operators read them with hidden and hiddenReason, the author in my-posts too', async () => {
    const op = await operator();
    const author = await t.user();
    const other = await t.user();
    const post = await createRecruitment(t, author, { title: '상세 숨김 공고' });
    const study = await createStudy(t, author, { title: '상세 숨김 스터디' });
    const detail = `/api/recruitments/${post.id}`;
    const studyDetail = `/api/study-groups/${study.id}`;
    const publicKeys = Object.keys(json<object>(await t.get(detail, { token: author.token }))).sort();
    await resolve(op, 'POST', post.id, 'HIDE', '도박 광고');
    // hidden by reports: no operator note
    await t.db.execute(sql`UPDATE base_posts SET hidden_at = now(), hidden_reason = NULL WHERE id = ${study.id}`);
    t.ctx.changes.publish([`post:${study.id}`]);

    for (const token of [undefined, other.token]) {
      expectError(await t.get(detail, { token }), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
      expectError(await t.get(studyDetail, { token }), 404, 'not_found', '해당 스터디 그룹 공고를 찾을 수 없습니다.');
    }
    for (const reader of [author, op]) {
      const seen = json<Item>(await t.get(detail, { token: reader.token }));
      expect(seen).toMatchObject({ id: post.id, hidden: true, hiddenReason: '도박 광고' });
      expect(Object.keys(seen).sort()).toEqual([...publicKeys, 'hidden', 'hiddenReason'].sort());
      expect(json<Item>(await t.get(studyDetail, { token: reader.token }))).toMatchObject({
        hidden: true,
        hiddenReason: HIDDEN_BY_REPORTS_TEXT,
      });
    }
    // nobody applies to what they cannot see
    const applicant = await t.user();
    await addProfile(t, applicant);
    expectError(
      await t.post('/api/applications', { token: applicant.token, body: { recruitmentId: post.id } }),
      404,
      'not_found',
      '해당 모집 공고를 찾을 수 없습니다.',
    );
    const mine = json<Array<{ basePostId: number; hidden?: boolean; hiddenReason?: string }>>(
      await t.get('/api/base-posts/my-posts', { token: author.token }),
    );
    expect(mine.find((p) => p.basePostId === post.id)).toMatchObject({ hidden: true, hiddenReason: '도박 광고' });
    expect(mine.find((p) => p.basePostId === study.id)).toMatchObject({ hidden: true, hiddenReason: HIDDEN_BY_REPORTS_TEXT });

    await resolve(op, 'POST', post.id, 'RESTORE', '복구');
    expect(Object.keys(json<object>(await t.get(detail))).sort()).toEqual(
      publicKeys.filter((k) => k !== 'hidden' && k !== 'hiddenReason').sort(),
    );
    const again = json<Array<Record<string, unknown>>>(await t.get('/api/base-posts/my-posts', { token: author.token }));
    expect(Object.keys(again.find((p) => p.basePostId === post.id)!)).not.toContain('hidden');
  });

  it('keep the kind and tech-stack totals exact through hide, an edit by the author, restore and delete', async () => {
    const op = await operator();
    const author = await t.user();
    const exact = async () => {
      const [drift] = await queryRows<{ kinds: number | string; tags: number | string }>(
        t.db,
        sql`SELECT
          (SELECT count(*) FROM post_kind_counts c WHERE c.n <> (SELECT count(*) FROM base_posts p
             WHERE p.kind = c.kind AND p.hidden_at IS NULL)) AS kinds,
          (SELECT count(*) FROM tag_counts c WHERE c.n <> (SELECT count(*) FROM post_tags t JOIN base_posts p ON p.id = t.post_id
             WHERE t.key = c.key AND p.hidden_at IS NULL)) AS tags`,
      );
      expect([Number(drift.kinds), Number(drift.tags)]).toEqual([0, 0]);
    };
    const post = await createRecruitment(t, author, { tags: ['Countstack', 'Otherstack'] });
    await exact();
    await resolve(op, 'POST', post.id, 'HIDE');
    await exact();
    const edit = await t.put(`/api/recruitments/${post.id}`, {
      token: author.token,
      body: { title: '고친 제목', description: '설명', topic: '웹', totalMembers: 4, dueDate: '2025-06-10', tags: ['Newstack'] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ hidden: true });
    await exact();
    await resolve(op, 'POST', post.id, 'RESTORE', '복구');
    await exact();
    await resolve(op, 'POST', post.id, 'HIDE');
    expect((await t.delete(`/api/recruitments/${post.id}`, { token: author.token })).statusCode).toBe(204);
    await exact();
  });
});

async function createBoard(author: TestUser, title: string): Promise<number> {
  const res = await t.post('/api/boards', { token: author.token, body: { title, content: `${title} 본문`, categoryId: 1 } });
  expect(res.statusCode, res.body).toBe(201);
  return Number(String(res.headers.location).split('/').pop());
}
async function createReply(author: TestUser, boardId: number, content: string, parentReplyId?: number): Promise<number> {
  const res = await t.post('/api/replies', { token: author.token, body: { boardId, content, parentReplyId } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('hidden posts among many matches', () => {
  it('leave a search answered by walking the list in order (a frequent keyword), with the exact total', async () => {
    const op = await operator();
    const author = await t.user();
    const earlier = new Date(t.clock.now().getTime() - 3_600_000);
    await t.db.execute(
      sql`INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, due_date, created_at, updated_at)
          SELECT 'STUDY_GROUP', ${author.id}, '흔한단어 스터디 ' || i, '설명', '주제', 4, '2025-06-10', ${earlier}, ${earlier}
          FROM generate_series(1, 60) AS i`,
    );
    const hidden = await createStudy(t, author, { title: '흔한단어 숨길 스터디' });
    const search = (order: string) => page(`/api/study-groups/search?searchType=title&keyword=${q('흔한단어')}&order=${order}`);
    const before = await search('latest');
    expect(before.totalElements).toBe(61);
    expect(ids(before.content)[0]).toBe(hidden.id);
    await resolve(op, 'POST', hidden.id, 'HIDE');
    for (const order of ['latest', 'views', 'relevance']) {
      const after = await search(order);
      expect(after.totalElements, order).toBe(60);
      expect(after.content, order).toHaveLength(12);
      expect(ids(after.content), order).not.toContain(hidden.id);
    }
    const list = await page('/api/study-groups?page=0');
    expect(ids(list.content)).not.toContain(hidden.id);
  });
});

describe('bookmarks of hidden posts', () => {
  it("leave the bookmarker's list while hidden (the author's own stay) and come back on restore", async () => {
    const op = await operator();
    const author = await t.user();
    const reader = await t.user();
    const post = await createRecruitment(t, author, { title: '관심 숨김 공고' });
    for (const user of [reader, author]) {
      const res = await t.put(`/api/bookmarks/${post.id}`, { token: user.token });
      expect(res.statusCode, res.body).toBe(200);
    }
    const listed = async (user: TestUser) => {
      const p = await page('/api/bookmarks?page=0', user.token);
      return { ids: ids(p.content), total: p.totalElements };
    };
    expect(await listed(reader)).toEqual({ ids: [post.id], total: 1 });
    await resolve(op, 'POST', post.id, 'HIDE');
    expect(await listed(reader)).toEqual({ ids: [], total: 0 });
    expect((await listed(author)).ids).toEqual([post.id]);
    await resolve(op, 'POST', post.id, 'RESTORE', '복구');
    expect(await listed(reader)).toEqual({ ids: [post.id], total: 1 });
  });
});

describe('hidden boards and replies', () => {
  it('a hidden board leaves the lists, searches, popular and sitemap, answers 404 but to its author and operators, and stays in my boards', async () => {
    const op = await operator();
    const author = await t.user('게시판숨김이');
    const other = await t.user();
    const id = await createBoard(author, '숨김게시 도박');
    await t.post(`/api/boards/${id}/view`, { token: other.token });
    const urls = [
      '/api/boards?page=0',
      ...['all', 'title', 'content', 'author'].flatMap((type) =>
        ['latest', 'relevance'].map(
          (order) =>
            `/api/boards/search?searchType=${type}&keyword=${q(type === 'author' ? '게시판숨김이' : '숨김게시')}&order=${order}`,
        ),
      ),
      `/api/boards/search?category=${q('일반글')}`,
    ];
    const before = await Promise.all(urls.map((u) => page(u)));
    before.forEach((p, i) => expect(ids(p.content), urls[i]).toContain(id));
    expect(ids(json<Item[]>(await t.get('/api/boards/popular')))).toContain(id);

    await resolve(op, 'BOARD', id, 'HIDE', '도박 광고');
    const after = await Promise.all(urls.map((u) => page(u)));
    after.forEach((p, i) => {
      expect(ids(p.content), urls[i]).not.toContain(id);
      expect(p.totalElements, urls[i]).toBe(before[i].totalElements - 1);
    });
    expect(ids(json<Item[]>(await t.get('/api/boards/popular')))).not.toContain(id);
    expect(await sitemapFile(t.ctx, 'http://x', 0)).not.toContain(`/boards/${id}<`);
    for (const token of [undefined, other.token]) {
      expectError(await t.get(`/api/boards/${id}`, { token }), 404, 'not_found', '게시글이 존재하지 않습니다.');
    }
    // nobody else may reply to it either
    expectError(
      await t.post('/api/replies', { token: other.token, body: { boardId: id, content: '댓글' } }),
      404,
      'not_found',
      '게시글이 존재하지 않습니다.',
    );
    for (const reader of [author, op]) {
      const { board } = json<{ board: Item }>(await t.get(`/api/boards/${id}`, { token: reader.token }));
      expect(board).toMatchObject({ id, hidden: true, hiddenReason: '도박 광고' });
    }
    const mine = await page('/api/boards/my', author.token);
    expect(mine.content.find((b) => b.boardId === id)).toMatchObject({ hidden: true, hiddenReason: '도박 광고' });

    await resolve(op, 'BOARD', id, 'RESTORE', '복구');
    const restored = await Promise.all(urls.map((u) => page(u)));
    restored.forEach((p, i) => expect(p.totalElements, urls[i]).toBe(before[i].totalElements));
    const { board } = json<{ board: Item }>(await t.get(`/api/boards/${id}`));
    expect(Object.keys(board)).not.toContain('hidden');
    expect(await sitemapFile(t.ctx, 'http://x', 0)).toContain(`/boards/${id}<`);
  });

  it("a hidden reply is shown in place only to its author and operators; the board's reply count is what its readers see", async () => {
    const op = await operator();
    const boardAuthor = await t.user();
    const writer = await t.user();
    const other = await t.user();
    const id = await createBoard(boardAuthor, '댓글 숨김 게시글');
    const first = await createReply(other, id, '첫 댓글');
    const spam = await createReply(writer, id, '대출 광고 댓글');
    const child = await createReply(other, id, '광고 아래 답글', spam);
    const listed = (items: Item[]) => items.find((r) => r.id === spam);
    const read = async (token?: string) =>
      json<{ board: { replyCount: number }; replies: PageJson }>(await t.get(`/api/boards/${id}`, { token }));
    expect((await read()).board.replyCount).toBe(3);

    await resolve(op, 'REPLY', spam, 'HIDE', '광고 댓글');
    for (const token of [undefined, other.token, boardAuthor.token]) {
      const { board, replies } = await read(token);
      expect(ids(replies.content)).toEqual([first, child]);
      expect(replies.totalElements).toBe(2);
      expect(board.replyCount).toBe(2);
    }
    for (const reader of [writer, op]) {
      const { replies } = await read(reader.token);
      expect(ids(replies.content)).toEqual([first, spam, child]);
      expect(listed(replies.content)).toMatchObject({ hidden: true, hiddenReason: '광고 댓글' });
      expect(listed(replies.content)!.hidden).toBe(true);
      expect(replies.content.find((r) => r.id === first)).not.toHaveProperty('hidden');
    }
    // nobody answers a reply they cannot see
    expectError(
      await t.post('/api/replies', { token: other.token, body: { boardId: id, content: '답글', parentReplyId: spam } }),
      400,
      'invalid_parent_reply',
      '상위 댓글이 존재하지 않습니다.',
    );
    const boardItem = (await page('/api/boards?page=0')).content.find((b) => b.boardId === id) as { replyCount: number };
    expect(boardItem.replyCount).toBe(2);

    await resolve(op, 'REPLY', spam, 'RESTORE', '복구');
    expect((await read()).board.replyCount).toBe(3);
    expect(ids((await read()).replies.content)).toEqual([first, spam, child]);

    // deleting a hidden thread takes off only what was counted
    await resolve(op, 'REPLY', spam, 'HIDE', '다시 숨김');
    const del = await t.delete(`/api/replies/${spam}`, { token: writer.token });
    expect(del.statusCode, del.body).toBe(200);
    const { board, replies } = await read();
    expect(board.replyCount).toBe(1);
    expect(replies.totalElements).toBe(1);
  });
});

describe('views of hidden content', () => {
  it("a hidden post or board counts no view but its author's and operators': 404 to everyone else, as its detail", async () => {
    const op = await operator();
    const author = await t.user();
    const other = await t.user();
    const post = await createRecruitment(t, author, { title: '조회 숨김 공고' });
    const boardId = await createBoard(author, '조회 숨김 게시글');
    await resolve(op, 'POST', post.id, 'HIDE');
    await resolve(op, 'BOARD', boardId, 'HIDE');
    for (const url of [`/api/base-posts/${post.id}/view`, `/api/boards/${boardId}/view`]) {
      for (const token of [undefined, other.token]) expect((await t.post(url, { token })).statusCode, url).toBe(404);
      for (const token of [author.token, op.token]) expect((await t.post(url, { token })).statusCode, url).toBe(204);
    }
    await resolve(op, 'POST', post.id, 'RESTORE');
    expect((await t.post(`/api/base-posts/${post.id}/view`, { token: other.token })).statusCode).toBe(204);
  });
});

describe('hidden links and notices', () => {
  it('are shown in place to their writer and to operators who are members; other members do not see them', async () => {
    const op = await operator();
    const { admin, member, member2, g } = await groupWithOutsider(t, '숨김');
    const link = await t.post(`/api/groups/${g.id}/links`, {
      token: member.token,
      body: { title: '카지노', url: 'https://casino.example' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const linkId = (link.json() as { linkId: number }).linkId;
    const notice = await t.post(`/api/groups/${g.id}/notices`, { token: admin.token, body: { title: '공지', content: '광고' } });
    expect(notice.statusCode, notice.body).toBe(201);
    const noticeId = (notice.json() as { noticeId: number }).noticeId;
    await resolve(op, 'LINK', linkId, 'HIDE', '도박 링크');
    await resolve(op, 'NOTICE', noticeId, 'HIDE', '광고 공지');

    const links = async (user: TestUser) =>
      json<Array<{ linkId: number; hidden?: boolean; hiddenReason?: string }>>(
        await t.get(`/api/groups/${g.id}/links`, { token: user.token }),
      );
    const notices = async (user: TestUser) =>
      json<Array<{ noticeId: number; hidden?: boolean; hiddenReason?: string }>>(
        await t.get(`/api/groups/${g.id}/notices`, { token: user.token }),
      );
    expect((await links(member2)).map((l) => l.linkId)).not.toContain(linkId);
    expect((await links(admin)).map((l) => l.linkId)).not.toContain(linkId);
    expect((await notices(member2)).map((n) => n.noticeId)).not.toContain(noticeId);
    expect((await notices(member)).map((n) => n.noticeId)).not.toContain(noticeId);
    expect((await links(member)).find((l) => l.linkId === linkId)).toMatchObject({ hidden: true, hiddenReason: '도박 링크' });
    expect((await notices(admin)).find((n) => n.noticeId === noticeId)).toMatchObject({
      hidden: true,
      hiddenReason: '광고 공지',
    });
    // an operator who is a member reads them in place; outside the group the group routes stay members-only
    expectError(await t.get(`/api/groups/${g.id}/links`, { token: op.token }), 403, 'not_group_member');
    expect((await changeOperator(t.db, 'grant', member2.loginId, t.clock.now())).outcome).toBe('granted');
    expect((await links(member2)).find((l) => l.linkId === linkId)).toMatchObject({ hidden: true });
    expect((await notices(member2)).find((n) => n.noticeId === noticeId)).toMatchObject({ hidden: true });

    await resolve(op, 'LINK', linkId, 'RESTORE', '복구');
    await resolve(op, 'NOTICE', noticeId, 'RESTORE', '복구');
    const back = (await links(admin)).find((l) => l.linkId === linkId);
    expect(back).toBeDefined();
    expect(back).not.toHaveProperty('hidden');
    expect((await notices(member)).find((n) => n.noticeId === noticeId)).not.toHaveProperty('hidden');
  });
});

describe('notifications of hidden content', () => {
  it('an e-mail still queued for a post or a notice hidden since is not sent (its author is still told)', async () => {
    const op = await operator();
    const author = await t.user();
    const applicant = await t.user();
    await addProfile(t, applicant);
    const post = await createRecruitment(t, author, { title: '알림 숨김 공고' });
    await t.ctx.jobs.drain();
    t.mailer.sent.length = 0;
    const decided = await decide(t, author, await applyTo(t, applicant, post.id), 'APPROVED');
    expect(decided.statusCode, decided.body).toBe(200);
    await resolve(op, 'POST', post.id, 'HIDE');
    await t.ctx.jobs.drain();
    expect(t.mailer.lastTo(`${applicant.loginId}@example.com`)).toBeUndefined();
    // the apply's e-mail to the author (a link to their own post's applicants) still went
    expect(t.mailer.lastTo(`${author.loginId}@example.com`)).toBeDefined();

    const { admin, member, g } = await groupWithOutsider(t, '알림숨김');
    const on = await t.put('/api/notification-settings', { token: member.token, body: { email: { GROUP_ACTIVITY: true } } });
    expect(on.statusCode, on.body).toBe(200);
    await t.ctx.jobs.drain();
    t.mailer.sent.length = 0;
    const created = await t.post(`/api/groups/${g.id}/notices`, {
      token: admin.token,
      body: { title: '도박 공지', content: '광고' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await resolve(op, 'NOTICE', (created.json() as { noticeId: number }).noticeId, 'HIDE');
    const shown = await t.post(`/api/groups/${g.id}/notices`, {
      token: admin.token,
      body: { title: '정상 공지', content: '내용' },
    });
    expect(shown.statusCode, shown.body).toBe(201);
    await t.ctx.jobs.drain();
    const mails = t.mailer.sent.filter((m) => m.to === `${member.loginId}@example.com`);
    expect(mails.map((m) => m.subject + m.text).join('\n')).not.toContain('도박 공지');
    expect(mails.map((m) => m.subject + m.text).join('\n')).toContain('정상 공지');
  });
});

describe('link previews and showcases of hidden posts', () => {
  it("a shared link's card no longer shows a hidden post or board; a showcase naming a hidden post is not shown", async () => {
    const op = await operator();
    const author = await t.user();
    const post = await createRecruitment(t, author, { title: '카드 숨김 공고' });
    const boardId = await createBoard(author, '카드 숨김 게시글');
    const card = (path: string) => linkPreviewHead(t.ctx, apiReads(t.ctx), 'http://x', path);
    expect(await card(`/recruitment/${post.id}`)).toContain('카드 숨김 공고');
    expect(await card(`/boards/${boardId}`)).toContain('카드 숨김 게시글');
    await resolve(op, 'POST', post.id, 'HIDE');
    await resolve(op, 'BOARD', boardId, 'HIDE');
    expect(await card(`/recruitment/${post.id}`)).not.toContain('카드 숨김 공고');
    expect(await card(`/boards/${boardId}`)).not.toContain('카드 숨김 게시글');

    const g = await makeGroup(t, author, [], { name: '쇼케이스 숨김 그룹' });
    const done = await t.post(`/api/groups/${g.id}/complete`, { token: author.token, body: { summary: '완료', showcase: true } });
    expect(done.statusCode, done.body).toBe(200);
    const listedShowcase = async () =>
      ids((await page('/api/showcase?page=0')).content.map((i) => ({ id: (i as { groupId?: number }).groupId })));
    expect(json<{ post: { title: string } }>(await t.get(`/api/showcase/${g.id}`)).post).toBeDefined();
    expect(await listedShowcase()).toContain(g.id);
    const before = (await page('/api/showcase?page=0')).totalElements;
    await resolve(op, 'POST', g.postId, 'HIDE');
    expect((await t.get(`/api/showcase/${g.id}`)).statusCode).toBe(404);
    expect(await listedShowcase()).not.toContain(g.id);
    expect((await page('/api/showcase?page=0')).totalElements).toBe(before - 1);
    expect(await sitemapFile(t.ctx, 'http://x', 0)).not.toContain(`/showcase/${g.id}<`);
    expect(await card(`/showcase/${g.id}`)).not.toContain('쇼케이스 숨김 그룹');
    await resolve(op, 'POST', g.postId, 'RESTORE', '복구');
    expect((await t.get(`/api/showcase/${g.id}`)).statusCode).toBe(200);
    expect(await sitemapFile(t.ctx, 'http://x', 0)).toContain(`/showcase/${g.id}<`);
  });
});
