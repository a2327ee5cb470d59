import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Page } from '@app/contract';
import { boards, viewRecords } from '../../db/schema/index.js';
import { expectError, nextIp } from '../../../test/helpers.js';
import {
  alice,
  bob,
  boardRow,
  carol,
  createBoard,
  addReply,
  detail,
  replyTotal,
  t,
  useBoardSuite,
  type Item,
} from '../../../test/fixtures/boards.js';

useBoardSuite();

const boardTotal = async () => (await t.db.select({ n: count() }).from(boards))[0].n;

describe('POST /api/boards', () => {
  it('creates with the caller as author (body authorId ignored), trimmed, 201 Text and Location', async () => {
    const res = await t.post('/api/boards', {
      token: alice.token,
      body: { title: '  첫 글  ', content: ' 본문\n둘째 줄 ', categoryId: '3', authorId: bob.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('게시글이 성공적으로 등록되었습니다.');
    const id = Number(/^\/api\/boards\/(\d+)$/.exec(String(res.headers.location))![1]);
    const row = await boardRow(id);
    expect(row).toMatchObject({
      authorId: alice.id,
      categoryId: 3,
      title: '첫 글',
      content: '본문\n둘째 줄',
      views: 0,
      replyCount: 0,
    });
  });

  it.each([
    [{ title: undefined }, '제목을 입력해주세요.'],
    [{ title: '   ' }, '제목을 입력해주세요.'],
    [{ title: '가'.repeat(101) }, '제목은 최대 100자까지 입력 가능합니다.'],
    [{ content: '' }, '내용을 입력해주세요.'],
    [{ content: 7 }, '내용을 입력해주세요.'],
    [{ content: '가'.repeat(10001) }, '내용은 최대 10000자까지 입력 가능합니다.'],
    [{ title: '', content: '' }, '제목을 입력해주세요.'],
    [{ categoryId: undefined }, '카테고리를 찾을 수 없습니다.'],
    [{ categoryId: 'abc' }, '카테고리를 찾을 수 없습니다.'],
    [{ categoryId: 6 }, '카테고리를 찾을 수 없습니다.'],
    [{ categoryId: 0 }, '카테고리를 찾을 수 없습니다.'],
  ])('refuses %j with 400 and stores nothing', async (over, text) => {
    const before = await boardTotal();
    const res = await t.post('/api/boards', {
      token: alice.token,
      body: { title: '제목', content: '내용', categoryId: 1, ...over },
    });
    expectError(res, 400, 'validation_failed', text);
    expect(await boardTotal()).toBe(before);
  });

  it('accepts exactly 100 and 10000 characters', async () => {
    await createBoard(alice, { title: '가'.repeat(100), content: '나'.repeat(10000) });
  });

  it('needs login', async () => {
    expectError(
      await t.post('/api/boards', { body: { title: 'a', content: 'b', categoryId: 1 } }),
      401,
      'login_required',
      '로그인이 필요합니다.',
    );
  });

  it('allows 20 posts per hour per user, then 429 with Retry-After', async () => {
    const user = await t.user();
    for (let i = 0; i < 20; i++) {
      const res = await t.post('/api/boards', { token: user.token, body: { title: `t${i}`, content: 'c', categoryId: 1 } });
      expect(res.statusCode).toBe(201);
    }
    const res = await t.post('/api/boards', { token: user.token, body: { title: 'x', content: 'c', categoryId: 1 } });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('shares the 20 per hour with recruitment and study-group posts (docs/api.md §1.7)', async () => {
    const user = await t.user();
    const post = { title: '모집', description: '설명', topic: '주제', totalMembers: 3, dueDate: '2030-01-01' };
    const study = { ...post, startDate: '2030-01-02', endDate: '2030-02-01' };
    for (let i = 0; i < 7; i++)
      expect((await t.post('/api/recruitments', { token: user.token, body: post })).statusCode).toBe(201);
    for (let i = 0; i < 7; i++)
      expect((await t.post('/api/study-groups', { token: user.token, body: study })).statusCode).toBe(201);
    for (let i = 0; i < 6; i++) {
      expect(
        (await t.post('/api/boards', { token: user.token, body: { title: `t${i}`, content: 'c', categoryId: 1 } })).statusCode,
      ).toBe(201);
    }
    const before = await boardTotal();
    const res = await t.post('/api/boards', { token: user.token, body: { title: 'x', content: 'c', categoryId: 1 } });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(await boardTotal()).toBe(before);
    expect((await t.post('/api/recruitments', { token: user.token, body: post })).statusCode).toBe(429);
    // another user has a window of their own
    expect(
      (await t.post('/api/boards', { token: carol.token, body: { title: 'y', content: 'c', categoryId: 1 } })).statusCode,
    ).toBe(201);
  });
});

describe('GET /api/boards and /api/boards/my', () => {
  it('lists 10 per page, newest first, with the Page shape; a malformed page means 0', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) ids.push(await createBoard(bob, { title: `목록 ${i}` }));
    const res = await t.get('/api/boards');
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page<Item>;
    expect(page.size).toBe(10);
    expect(page.number).toBe(0);
    expect(page.content).toHaveLength(10);
    expect(page.content[0]).toEqual({
      boardId: ids[10],
      title: '목록 10',
      authorNickname: 'Bobby',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/),
      views: 0,
      replyCount: 0,
    });
    expect(page.content[1].boardId).toBe(ids[9]);
    const odd = (await t.get('/api/boards?page=undefined')).json() as Page<Item>;
    expect(odd.number).toBe(0);
    const second = (await t.get('/api/boards?page=1')).json() as Page<Item>;
    expect(second.first).toBe(false);
    expect(second.content[0].boardId).toBeLessThan(page.content[9].boardId);
    const past = (await t.get('/api/boards?page=999')).json() as Page<Item>;
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(page.totalElements);
  });

  it('my boards: only the caller’s, and 401 when anonymous', async () => {
    const user = await t.user();
    const a = await createBoard(user, { title: '내 글 1' });
    const b = await createBoard(user, { title: '내 글 2' });
    await createBoard(alice);
    const page = (await t.get('/api/boards/my', { token: user.token })).json() as Page<Item>;
    expect(page.content.map((i) => i.boardId)).toEqual([b, a]);
    expect(page.totalElements).toBe(2);
    expectError(await t.get('/api/boards/my'), 401, 'login_required', '로그인이 필요합니다.');
  });
});

describe('GET /api/boards/{id}', () => {
  it('shows the board with its category; author.loginId only to the author; no view counted', async () => {
    const id = await createBoard(alice, { title: '상세', content: '상세 본문', categoryId: 2 });
    const own = await detail(id, alice.token);
    expect(own.board).toEqual({
      id,
      boardId: id,
      title: '상세',
      content: '상세 본문',
      views: 0,
      replyCount: 0,
      createdAt: expect.stringMatching(/\+09:00$/),
      updatedAt: expect.stringMatching(/\+09:00$/),
      author: { id: alice.id, loginId: alice.loginId, nickname: '앨리스' },
      authorNickname: '앨리스',
      category: { id: 2, name: '모집글', description: '인원을 모집하는 글(프로젝트, 스터디, 대회, 토론 등)' },
    });
    expect(own.replies).toMatchObject({ content: [], totalPages: 0, first: true, last: true, empty: true });
    expect((await detail(id, bob.token)).board.author.loginId).toBeNull();
    expect((await detail(id)).board.author.loginId).toBeNull();
    expect((await boardRow(id)).views).toBe(0);
  });

  it('answers 404 for a missing board and 400 for a bad id', async () => {
    expectError(await t.get('/api/boards/999999'), 404, 'not_found', '게시글이 존재하지 않습니다.');
    expectError(await t.get('/api/boards/abc'), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });
});

describe('GET /api/boards/search', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const writer = await t.user('검색작가');
    ids = {
      java: await createBoard(writer, { title: '자바 스터디 모집', content: '주말 모임', categoryId: 2 }),
      percent: await createBoard(writer, { title: '할인 100% 판매', content: '중고책', categoryId: 5 }),
      underscore: await createBoard(writer, { title: 'snake_case 질문', content: '파이썬 이름 규칙', categoryId: 4 }),
      backslash: await createBoard(writer, { title: '경로 C:\\temp 문제', content: '윈도우', categoryId: 1 }),
      notice: await createBoard(writer, { title: '공지사항', content: '자바 수업 안내', categoryId: 3 }),
      other: await createBoard(carol, { title: '잡담', content: '오늘 날씨', categoryId: 1 }),
    };
  });
  const search = async (query: string) => {
    const res = await t.get(`/api/boards/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Page<Item>).content.map((i) => i.boardId);
  };
  const q = encodeURIComponent;

  it('by title, with a 2-character Korean keyword, case-insensitive', async () => {
    expect(await search(`searchType=title&keyword=${q('자바')}`)).toEqual([ids.java]);
    expect(await search(`searchType=title&keyword=${q('SNAKE')}`)).toEqual([ids.underscore]);
  });

  it('by content', async () => {
    expect(await search(`searchType=content&keyword=${q('자바')}`)).toEqual([ids.notice]);
  });

  it('by author nickname', async () => {
    const found = await search(`searchType=author&keyword=${q('캐롤')}`);
    expect(found).toContain(ids.other);
    expect(found).not.toContain(ids.java);
  });

  it('all (the default, also for an unknown type) matches title, content or author', async () => {
    const both = [ids.notice, ids.java];
    expect((await search(`keyword=${q('자바')}`)).filter((id) => both.includes(id))).toEqual(both);
    expect((await search(`searchType=all&keyword=${q('자바')}`)).filter((id) => both.includes(id))).toEqual(both);
    expect((await search(`searchType=weird&keyword=${q('자바')}`)).filter((id) => both.includes(id))).toEqual(both);
    expect(await search(`searchType=all&keyword=${q('검색작')}`)).toHaveLength(5);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(await search(`keyword=${q('%')}`)).toEqual([ids.percent]);
    expect(await search(`keyword=${q('_')}`)).toEqual([ids.underscore]);
    expect(await search(`keyword=${q('C:\\t')}`)).toEqual([ids.backslash]);
  });

  it('trims the keyword; a blank one does not filter; a 1-character one does', async () => {
    expect(await search(`searchType=title&keyword=${q('  자바  ')}`)).toEqual([ids.java]);
    const all = (await t.get('/api/boards')).json() as Page<Item>;
    const blank = (await t.get(`/api/boards/search?keyword=${q('   ')}`)).json() as Page<Item>;
    expect(blank.totalElements).toBe(all.totalElements);
    expect(await search(`searchType=title&keyword=${q('잡')}`)).toEqual([ids.other]);
  });

  it('filters by category name or id; blank or all means every category; an unknown name gives an empty page', async () => {
    expect(await search(`category=${q('판매글')}&keyword=${q('할인')}`)).toEqual([ids.percent]);
    expect(await search(`category=3&keyword=${q('자바')}`)).toEqual([ids.notice]);
    expect(await search(`category=all&keyword=${q('자바')}`)).toEqual([ids.notice, ids.java]);
    expect(await search(`category=&keyword=${q('자바')}`)).toEqual([ids.notice, ids.java]);
    const onlyNotices = (await t.get(`/api/boards/search?category=${q('공지글')}`)).json() as Page<Item>;
    expect(onlyNotices.content.map((i) => i.boardId)).toContain(ids.notice);
    expect(onlyNotices.content.map((i) => i.boardId)).not.toContain(ids.java);
    const unknown = (await t.get(`/api/boards/search?category=${q('없는분류')}`)).json() as Page<Item>;
    expect(unknown).toMatchObject({ content: [], totalElements: 0, totalPages: 0, empty: true });
  });

  it('refuses a keyword over 50 characters (after trimming)', async () => {
    expectError(
      await t.get(`/api/boards/search?keyword=${q('가'.repeat(51))}`),
      400,
      'validation_failed',
      '검색어는 최대 50자까지 입력 가능합니다.',
    );
    expect(await search(`keyword=${q(` ${'힣'.repeat(50)} `)}`)).toEqual([]);
  });
});

describe('POST /api/boards/{id}/view and GET /api/boards/popular', () => {
  it('counts once per user per 24 h', async () => {
    const id = await createBoard(alice);
    for (let i = 0; i < 3; i++) {
      const res = await t.post(`/api/boards/${id}/view`, { token: bob.token, ip: nextIp() });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await boardRow(id)).views).toBe(1);
    t.clock.advance(23 * 60 * 60 * 1000);
    await t.post(`/api/boards/${id}/view`, { token: bob.token });
    expect((await boardRow(id)).views).toBe(1);
    t.clock.advance(60 * 60 * 1000);
    await Promise.all([bob, carol].map(t.relogin));
    await t.post(`/api/boards/${id}/view`, { token: bob.token });
    expect((await boardRow(id)).views).toBe(2);
    await t.post(`/api/boards/${id}/view`, { token: carol.token });
    expect((await boardRow(id)).views).toBe(3);
  });

  it('counts anonymous viewers by address and user agent', async () => {
    const id = await createBoard(alice);
    const ip = nextIp();
    await t.post(`/api/boards/${id}/view`, { ip, headers: { 'user-agent': 'A' } });
    await t.post(`/api/boards/${id}/view`, { ip, headers: { 'user-agent': 'A' } });
    expect((await boardRow(id)).views).toBe(1);
    await t.post(`/api/boards/${id}/view`, { ip, headers: { 'user-agent': 'B' } });
    await t.post(`/api/boards/${id}/view`, { ip: nextIp(), headers: { 'user-agent': 'A' } });
    expect((await boardRow(id)).views).toBe(3);
    const keys = await t.db
      .select()
      .from(viewRecords)
      .where(and(eq(viewRecords.targetKind, 'BOARD'), eq(viewRecords.targetId, id)));
    expect(keys.every((k) => /^a:[0-9a-f]{64}$/.test(k.viewerKey))).toBe(true);
  });

  it('answers 404 for a missing board, and 429 past 60 per minute per IP', async () => {
    expectError(await t.post('/api/boards/999999/view'), 404, 'not_found', '게시글을 찾을 수 없습니다.');
    const id = await createBoard(alice);
    const ip = nextIp();
    for (let i = 0; i < 60; i++) expect((await t.post(`/api/boards/${id}/view`, { ip })).statusCode).toBe(204);
    expectError(await t.post(`/api/boards/${id}/view`, { ip }), 429, 'rate_limited');
  });

  it('popular: at most 5, views > 0, views DESC then newest', async () => {
    const viewed: number[] = [];
    for (let i = 0; i < 6; i++) viewed.push(await createBoard(carol, { title: `인기 ${i}` }));
    const views = [5, 3, 3, 2, 1, 1];
    for (let i = 0; i < 6; i++)
      await t.db
        .update(boards)
        .set({ views: 1000 + views[i] })
        .where(eq(boards.id, viewed[i]));
    const res = await t.get('/api/boards/popular');
    expect(res.statusCode).toBe(200);
    const items = res.json() as Item[];
    expect(items.map((i) => i.boardId)).toEqual([viewed[0], viewed[2], viewed[1], viewed[3], viewed[5]]);
    await t.db.update(boards).set({ views: 0 });
    expect((await t.get('/api/boards/popular')).json()).toEqual([]);
  });
});

describe('PUT and DELETE /api/boards/{id}', () => {
  it('the author edits title and content; the category stays', async () => {
    const id = await createBoard(alice, { categoryId: 4 });
    const res = await t.put(`/api/boards/${id}`, {
      token: alice.token,
      body: { title: ' 새 제목 ', content: '새 내용', categoryId: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('게시글이 성공적으로 수정되었습니다.');
    expect(await boardRow(id)).toMatchObject({ title: '새 제목', content: '새 내용', categoryId: 4 });
  });

  it('edit errors in order: 404, 403 (before validation), validation; nothing changes', async () => {
    const id = await createBoard(alice, { title: '원래' });
    expectError(
      await t.put('/api/boards/999999', { token: alice.token, body: { title: 'a', content: 'b' } }),
      404,
      'not_found',
      '찾을 수 없는 게시글 입니다.',
    );
    expectError(
      await t.put(`/api/boards/${id}`, { token: bob.token, body: { title: '', content: '' } }),
      403,
      'forbidden',
      '게시글을 수정할 권한이 없습니다.',
    );
    expectError(
      await t.put(`/api/boards/${id}`, { token: alice.token, body: { title: '', content: 'b' } }),
      400,
      'validation_failed',
      '제목을 입력해주세요.',
    );
    expectError(
      await t.put(`/api/boards/${id}`, { token: alice.token, body: { title: 'a', content: ' ' } }),
      400,
      'validation_failed',
      '내용을 입력해주세요.',
    );
    expectError(
      await t.put(`/api/boards/${id}`, { body: { title: 'a', content: 'b' } }),
      401,
      'login_required',
      '로그인이 필요합니다.',
    );
    expect((await boardRow(id)).title).toBe('원래');
  });

  it('delete: 404, 403 for others, then the author removes it with its replies and view records', async () => {
    const id = await createBoard(alice);
    const top = await addReply(bob, id, '댓글');
    await addReply(alice, id, '대댓글', top.id);
    await t.post(`/api/boards/${id}/view`, { token: bob.token });
    expectError(await t.delete('/api/boards/999999', { token: alice.token }), 404, 'not_found', '게시글을 찾을 수 없습니다.');
    expectError(await t.delete(`/api/boards/${id}`, { token: bob.token }), 403, 'forbidden', '게시글을 삭제할 권한이 없습니다.');
    expectError(await t.delete(`/api/boards/${id}`), 401, 'login_required');
    expect(await boardRow(id)).toBeDefined();
    const res = await t.delete(`/api/boards/${id}`, { token: alice.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('게시글이 성공적으로 삭제되었습니다.');
    expect(await boardRow(id)).toBeUndefined();
    expect(await replyTotal(id)).toBe(0);
    const views = await t.db
      .select()
      .from(viewRecords)
      .where(and(eq(viewRecords.targetKind, 'BOARD'), eq(viewRecords.targetId, id)));
    expect(views).toEqual([]);
    expectError(await t.get(`/api/boards/${id}`), 404, 'not_found', '게시글이 존재하지 않습니다.');
  });
});

describe('missing or non-object bodies', () => {
  it('read as empty: each route answers its first field’s text and stores nothing', async () => {
    const id = await createBoard(alice, { title: '원래' });
    const reply = await addReply(bob, id, '원래 댓글');
    const json = { 'content-type': 'application/json' };
    const bodies = [
      {},
      { body: '', headers: json },
      { body: 'null', headers: json },
      { body: '[]', headers: json },
      { body: '"x"', headers: json },
    ];
    const before = { boards: await boardTotal(), replies: await replyTotal(id) };
    for (const opts of bodies) {
      expectError(await t.post('/api/boards', { token: alice.token, ...opts }), 400, 'validation_failed', '제목을 입력해주세요.');
      expectError(
        await t.put(`/api/boards/${id}`, { token: alice.token, ...opts }),
        400,
        'validation_failed',
        '제목을 입력해주세요.',
      );
      expectError(
        await t.post('/api/replies', { token: bob.token, ...opts }),
        400,
        'validation_failed',
        '게시글 정보가 올바르지 않습니다.',
      );
      expectError(
        await t.put(`/api/replies/${reply.id}`, { token: bob.token, ...opts }),
        400,
        'validation_failed',
        '댓글 내용을 입력해주세요.',
      );
    }
    // existence and permission still come first on the edits
    expectError(await t.put('/api/boards/999999', { token: alice.token }), 404, 'not_found', '찾을 수 없는 게시글 입니다.');
    expectError(
      await t.put(`/api/replies/${reply.id}`, { token: alice.token }),
      403,
      'forbidden',
      '댓글을 수정할 권한이 없습니다.',
    );
    expect({ boards: await boardTotal(), replies: await replyTotal(id) }).toEqual(before);
    expect(await boardRow(id)).toMatchObject({ title: '원래', replyCount: 1 });
    expect((await detail(id)).replies.content[0]).toMatchObject({ content: '원래 댓글', edited: false });
  });
});
