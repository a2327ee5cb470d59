/**
 * QA: docs/api.md §3.10 (boards and replies), read literally, for what the feature tests do not cover:
 * exact key sets, DateTime form, ids as numeric strings, code-point lengths, trimming, control characters,
 * the public access rule for invalid tokens, withdrawn board authors and reply 쪽지, and page edge cases.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { boards, messages, replies, users, viewRecords } from '../../db/schema/index.js';
import { expectError, nextIp, useTestApp, type TestUser } from '../../../test/helpers.js';

// Fresh rate-limit windows and unexpired tokens for every test.
const t = useTestApp({ now: '2025-06-01T04:45:12Z', freshLimits: true, freshTokens: true });
const alice = t.suiteUser('QA앨리스');
const bob = t.suiteUser('QABob');

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;
const BOARD_ITEM_KEYS = ['authorNickname', 'boardId', 'createdAt', 'replyCount', 'title', 'views'];
const BOARD_KEYS = [
  'author',
  'authorNickname',
  'boardId',
  'category',
  'content',
  'createdAt',
  'id',
  'replyCount',
  'title',
  'updatedAt',
  'views',
];
const REPLY_KEYS = ['authorId', 'authorNickname', 'boardId', 'content', 'createdAt', 'edited', 'id', 'parentReplyId'];
const PAGE_KEYS = ['content', 'empty', 'first', 'last', 'number', 'size', 'totalElements', 'totalPages'];
const keys = (o: unknown) => Object.keys(o as object).sort();

async function createBoard(user: TestUser, over: Record<string, unknown> = {}): Promise<number> {
  t.clock.advance(1000);
  const res = await t.post('/api/boards', {
    token: user.token,
    body: { title: '제목', content: '내용', categoryId: 1, ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(/^\/api\/boards\/(\d+)$/.exec(String(res.headers.location))![1]);
}

async function addReply(user: TestUser, body: Record<string, unknown>) {
  t.clock.advance(1000);
  const res = await t.post('/api/replies', { token: user.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: number };
}

const boardRow = async (id: number) => (await t.db.select().from(boards).where(eq(boards.id, id)))[0];

describe('shapes (3.10, 1.1)', () => {
  it('BoardItem, Board, Reply and Page have exactly the contract keys, DateTimes with +09:00', async () => {
    const id = await createBoard(alice, { title: '모양 확인 글' });
    const reply = await addReply(bob, { boardId: id, content: '댓글' });
    expect(keys(reply)).toEqual(REPLY_KEYS);
    expect(reply.createdAt).toMatch(DATE_TIME);
    expect(reply.edited).toBe(false);
    expect(reply.parentReplyId).toBeNull();

    const list = (await t.get('/api/boards')).json();
    expect(keys(list)).toEqual(PAGE_KEYS);
    const item = list.content.find((b: { boardId: number }) => b.boardId === id);
    expect(keys(item)).toEqual(BOARD_ITEM_KEYS);
    expect(item.createdAt).toMatch(DATE_TIME);
    expect(item.replyCount).toBe(1);

    const detail = (await t.get(`/api/boards/${id}`)).json();
    expect(keys(detail)).toEqual(['board', 'replies']);
    expect(keys(detail.board)).toEqual(BOARD_KEYS);
    expect(keys(detail.board.author)).toEqual(['id', 'loginId', 'nickname']);
    expect(keys(detail.board.category)).toEqual(['description', 'id', 'name']);
    expect(detail.board.createdAt).toMatch(DATE_TIME);
    expect(detail.board.updatedAt).toMatch(DATE_TIME);
    expect(detail.board.id).toBe(id);
    expect(detail.board.boardId).toBe(id);
    expect(detail.board.authorNickname).toBe('QA앨리스');
    expect(keys(detail.replies)).toEqual(PAGE_KEYS);
    expect(keys(detail.replies.content[0])).toEqual(REPLY_KEYS);

    for (const url of ['/api/boards/popular', '/api/boards/search?keyword=모양']) {
      const res = await t.get(url);
      expect(res.statusCode).toBe(200);
    }
    const mine = (await t.get('/api/boards/my', { token: alice.token })).json();
    expect(keys(mine)).toEqual(PAGE_KEYS);
    expect(keys(mine.content[0])).toEqual(BOARD_ITEM_KEYS);
  });

  it('the seeded categories have the contract ids, names and descriptions', async () => {
    const expected = [
      [1, '일반글', '일반적인 내용의 글'],
      [2, '모집글', '인원을 모집하는 글(프로젝트, 스터디, 대회, 토론 등)'],
      [3, '공지글', '관리자의 공지글'],
      [4, '상담글', '상담을 원하는 사용자의 글'],
      [5, '판매글', '중고책, 전자장비 등을 판매하는 글'],
    ] as const;
    for (const [cid, name, description] of expected) {
      const id = await createBoard(alice, { categoryId: cid });
      const detail = (await t.get(`/api/boards/${id}`)).json();
      expect(detail.board.category).toEqual({ id: cid, name, description });
    }
  });

  it('a board with no replies has an empty reply page: totalPages 0, first, last and empty true', async () => {
    const id = await createBoard(alice);
    const detail = (await t.get(`/api/boards/${id}?page=3`)).json();
    expect(detail.replies).toEqual({
      content: [],
      number: 3,
      size: 10,
      totalElements: 0,
      totalPages: 0,
      first: false,
      last: true,
      empty: true,
    });
    const zero = (await t.get(`/api/boards/${id}?page=undefined`)).json();
    expect(zero.replies).toMatchObject({ number: 0, totalPages: 0, first: true, last: true, empty: true });
  });

  it('edit moves updatedAt and keeps createdAt', async () => {
    const id = await createBoard(alice);
    const before = (await t.get(`/api/boards/${id}`)).json().board;
    t.clock.advance(5 * 60 * 1000);
    const res = await t.put(`/api/boards/${id}`, { token: alice.token, body: { title: '고친 제목', content: '고친 내용' } });
    expect(res.statusCode).toBe(200);
    const after = (await t.get(`/api/boards/${id}`)).json().board;
    expect(after.createdAt).toBe(before.createdAt);
    expect(after.updatedAt).not.toBe(before.updatedAt);
    expect(after.updatedAt).toMatch(DATE_TIME);
  });
});

describe('public access with a bad token (1.2)', () => {
  it('an invalid or expired token on a public route is ignored: answered as anonymous, author.loginId null', async () => {
    const id = await createBoard(alice);
    for (const token of ['garbage.token.value', `${alice.token}x`]) {
      const res = await t.get(`/api/boards/${id}`, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().board.author.loginId).toBeNull();
      expect((await t.get('/api/boards', { token })).statusCode).toBe(200);
      expect((await t.post(`/api/boards/${id}/view`, { token, ip: nextIp() })).statusCode).toBe(204);
    }
    // the ignored token does not count as the user: the anonymous key is used
    const rows = await t.db
      .select()
      .from(viewRecords)
      .where(and(eq(viewRecords.targetKind, 'BOARD'), eq(viewRecords.targetId, id)));
    expect(rows.every((r) => r.viewerKey.startsWith('a:'))).toBe(true);
  });

  it('another user sees author.loginId null; the author sees their own', async () => {
    const id = await createBoard(alice);
    expect((await t.get(`/api/boards/${id}`, { token: bob.token })).json().board.author).toEqual({
      id: alice.id,
      loginId: null,
      nickname: 'QA앨리스',
    });
    expect((await t.get(`/api/boards/${id}`, { token: alice.token })).json().board.author.loginId).toBe(alice.loginId);
  });
});

describe('input rules (1.5, 1.6)', () => {
  it('accepts boardId and parentReplyId as numeric strings and answers numbers', async () => {
    const id = await createBoard(alice);
    const top = await addReply(bob, { boardId: String(id), content: '위' });
    expect(top.boardId).toBe(id);
    const child = await addReply(alice, { boardId: String(id), content: '아래', parentReplyId: String(top.id) });
    expect(child.parentReplyId).toBe(top.id);
    expect(child.boardId).toBe(id);
  });

  it('ignores authorId on reply create', async () => {
    const id = await createBoard(alice);
    const r = await addReply(bob, { boardId: id, content: '남의 이름으로', authorId: alice.id });
    expect(r.authorId).toBe(bob.id);
    expect(r.authorNickname).toBe('QABob');
  });

  it('counts lengths in code points (emoji)', async () => {
    const emoji = '😀';
    await createBoard(alice, { title: emoji.repeat(100) });
    const res = await t.post('/api/boards', {
      token: alice.token,
      body: { title: emoji.repeat(101), content: 'x', categoryId: 1 },
    });
    expectError(res, 400, 'validation_failed', '제목은 최대 100자까지 입력 가능합니다.');
    const id = await createBoard(alice);
    await addReply(bob, { boardId: id, content: emoji.repeat(500) });
    expectError(
      await t.post('/api/replies', { token: bob.token, body: { boardId: id, content: emoji.repeat(501) } }),
      400,
      'validation_failed',
      '댓글은 최대 500자까지 입력 가능합니다.',
    );
  });

  it('trims reply content on create and edit; a blank edit is refused', async () => {
    const id = await createBoard(alice);
    const r = await addReply(bob, { boardId: id, content: '  앞뒤 공백  ' });
    expect(r.content).toBe('앞뒤 공백');
    const edit = await t.put(`/api/replies/${r.id}`, { token: bob.token, body: { content: '\n 고친 댓글 \t' } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      id: r.id,
      content: '고친 댓글',
      edited: true,
      boardId: id,
      authorId: bob.id,
      parentReplyId: null,
    });
    expect(keys(edit.json())).toEqual(REPLY_KEYS);
    expectError(
      await t.put(`/api/replies/${r.id}`, { token: bob.token, body: { content: '   ' } }),
      400,
      'validation_failed',
      '댓글 내용을 입력해주세요.',
    );
    expectError(
      await t.put(`/api/replies/${r.id}`, { token: bob.token, body: { content: '가'.repeat(501) } }),
      400,
      'validation_failed',
      '댓글은 최대 500자까지 입력 가능합니다.',
    );
  });

  it('editing a child keeps its parentReplyId', async () => {
    const id = await createBoard(alice);
    const top = await addReply(bob, { boardId: id, content: '위' });
    const child = await addReply(bob, { boardId: id, content: '아래', parentReplyId: top.id });
    const edit = await t.put(`/api/replies/${child.id}`, { token: bob.token, body: { content: '고침' } });
    expect(edit.json().parentReplyId).toBe(top.id);
  });

  it('board edit validation: title and content rules and texts', async () => {
    const id = await createBoard(alice);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ', content: 'x' }, '제목을 입력해주세요.'],
      [{ title: '가'.repeat(101), content: 'x' }, '제목은 최대 100자까지 입력 가능합니다.'],
      [{ title: 'x', content: '' }, '내용을 입력해주세요.'],
      [{ title: 'x' }, '내용을 입력해주세요.'],
      [{ title: 'x', content: '가'.repeat(10001) }, '내용은 최대 10000자까지 입력 가능합니다.'],
    ];
    for (const [body, text] of cases) {
      expectError(await t.put(`/api/boards/${id}`, { token: alice.token, body }), 400, 'validation_failed', text);
    }
    const res = await t.put(`/api/boards/${id}`, { token: alice.token, body: { title: '  새 제목 ', content: ' 새 내용 ' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(res.body).toBe('게시글이 성공적으로 수정되었습니다.');
    expect(await boardRow(id)).toMatchObject({ title: '새 제목', content: '새 내용' });
  });

  it('refuses a control character in the single-line title, accepts newlines in content', async () => {
    const res = await t.post('/api/boards', { token: alice.token, body: { title: '제목\u0007', content: 'x', categoryId: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-error-code']).toBe('validation_failed');
    await createBoard(alice, { content: '첫 줄\n둘째 줄\r\n셋째 줄' });
  });

  it('refuses an id in a path that is not a positive integer with 400 bad_request', async () => {
    for (const url of ['/api/boards/0', '/api/boards/-1', '/api/boards/1.5', '/api/boards/abc']) {
      expectError(await t.get(url), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    }
    expectError(
      await t.put('/api/replies/abc', { token: bob.token, body: { content: 'x' } }),
      400,
      'bad_request',
      '요청 형식이 올바르지 않습니다.',
    );
    expectError(await t.delete('/api/replies/0', { token: bob.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    expectError(await t.post('/api/boards/abc/view'), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });

  it('authentication comes before validation on login routes', async () => {
    expectError(await t.post('/api/replies', { body: { content: '' } }), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.put('/api/boards/1', { body: {} }), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.delete('/api/replies/1'), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.post('/api/boards', { body: { title: '' } }), 401, 'login_required', '로그인이 필요합니다.');
  });
});

describe('404 texts for the reply and board routes (3.10)', () => {
  it('each route has its own not-found text', async () => {
    expectError(
      await t.put('/api/boards/999999', { token: alice.token, body: { title: 'a', content: 'b' } }),
      404,
      'not_found',
      '찾을 수 없는 게시글 입니다.',
    );
    expectError(await t.delete('/api/boards/999999', { token: alice.token }), 404, 'not_found', '게시글을 찾을 수 없습니다.');
    expectError(
      await t.put('/api/replies/999999', { token: alice.token, body: { content: 'x' } }),
      404,
      'not_found',
      '댓글이 존재하지 않습니다.',
    );
    expectError(await t.delete('/api/replies/999999', { token: alice.token }), 404, 'not_found', '댓글이 존재하지 않습니다.');
    expectError(await t.post('/api/boards/999999/view', { ip: nextIp() }), 404, 'not_found', '게시글을 찾을 수 없습니다.');
    expectError(await t.get('/api/boards/999999'), 404, 'not_found', '게시글이 존재하지 않습니다.');
  });

  it('replies of a deleted board are gone (404 on edit and delete)', async () => {
    const id = await createBoard(alice);
    const r = await addReply(bob, { boardId: id, content: '곧 사라짐' });
    const del = await t.delete(`/api/boards/${id}`, { token: alice.token });
    expect(del.statusCode).toBe(200);
    expect(del.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(del.body).toBe('게시글이 성공적으로 삭제되었습니다.');
    expectError(
      await t.put(`/api/replies/${r.id}`, { token: bob.token, body: { content: 'x' } }),
      404,
      'not_found',
      '댓글이 존재하지 않습니다.',
    );
    expectError(
      await t.post('/api/replies', { token: bob.token, body: { boardId: id, content: 'x' } }),
      404,
      'not_found',
      '게시글이 존재하지 않습니다.',
    );
  });
});

describe('reply 쪽지 and withdrawn users (4.1, 7)', () => {
  it('the reply 쪽지 comes from the flagged system user, unread, with the exact text', async () => {
    const id = await createBoard(alice, { title: '  쪽지 확인용 글 ' });
    await addReply(bob, { boardId: id, content: '안녕하세요' });
    const [system] = await t.db.select().from(users).where(eq(users.system, true));
    const rows = await t.db.select().from(messages).where(eq(messages.receiverId, alice.id));
    const last = rows.sort((a, b) => a.id - b.id).at(-1)!;
    expect(last).toMatchObject({
      senderId: system.id,
      content: "'쪽지 확인용 글' 게시글에 새로운 댓글이 달렸습니다.",
      read: false,
    });
    const recent = (await t.get('/api/messages/recent', { token: alice.token })).json();
    expect(recent[0].senderName).toBe('[시스템]');
  });

  it('a child reply by someone else also messages the board author; the author replying to a reply does not', async () => {
    const id = await createBoard(alice, { title: '대댓글 쪽지' });
    const top = await addReply(alice, { boardId: id, content: '내 댓글' });
    const before = (await t.db.select().from(messages).where(eq(messages.receiverId, alice.id))).length;
    await addReply(bob, { boardId: id, content: '답글', parentReplyId: top.id });
    const after = await t.db.select().from(messages).where(eq(messages.receiverId, alice.id));
    expect(after.length).toBe(before + 1);
    const bobBefore = (await t.db.select().from(messages).where(eq(messages.receiverId, bob.id))).length;
    const bobTop = await addReply(bob, { boardId: id, content: '밥 댓글' });
    await addReply(alice, { boardId: id, content: '작성자 답글', parentReplyId: bobTop.id });
    // only the board author gets reply 쪽지, never the parent reply's author
    expect((await t.db.select().from(messages).where(eq(messages.receiverId, bob.id))).length).toBe(bobBefore);
  });

  it('a withdrawn board author gets no 쪽지; their board stays, shown as 탈퇴한 사용자, nobody can edit it', async () => {
    const dan = await t.user('QA탈퇴예정');
    const id = await createBoard(dan, { title: '남는 글' });
    const r = await addReply(dan, { boardId: id, content: '남는 댓글' });
    const del = await t.delete(`/api/users/${dan.id}`, { token: dan.token });
    expect(del.statusCode, del.body).toBe(200);

    const reply = await addReply(bob, { boardId: id, content: '탈퇴한 분의 글에 댓글' });
    expect(reply.id).toBeGreaterThan(0);
    expect((await t.db.select().from(messages).where(eq(messages.receiverId, dan.id))).length).toBe(0);
    expect((await boardRow(id)).replyCount).toBe(2);

    const detail = (await t.get(`/api/boards/${id}`, { token: bob.token })).json();
    expect(detail.board.author).toEqual({ id: dan.id, loginId: null, nickname: '탈퇴한 사용자' });
    expect(detail.board.authorNickname).toBe('탈퇴한 사용자');
    expect(detail.replies.content.find((x: { id: number }) => x.id === r.id).authorNickname).toBe('탈퇴한 사용자');
    const list = (await t.get('/api/boards')).json();
    expect(list.content.find((b: { boardId: number }) => b.boardId === id).authorNickname).toBe('탈퇴한 사용자');
    // nobody can edit it
    expectError(
      await t.put(`/api/boards/${id}`, { token: bob.token, body: { title: 'a', content: 'b' } }),
      403,
      'forbidden',
      '게시글을 수정할 권한이 없습니다.',
    );
    // the search by author does not find the old nickname
    const found = (await t.get('/api/boards/search?searchType=author&keyword=QA탈퇴예정')).json();
    expect(found.totalElements).toBe(0);
  });

  it('the old token of a withdrawn user answers 401 on /api/boards/my', async () => {
    const eve = await t.user('QA이브');
    await createBoard(eve);
    expect((await t.delete(`/api/users/${eve.id}`, { token: eve.token })).statusCode).toBe(200);
    expectError(await t.get('/api/boards/my', { token: eve.token }), 401, 'login_required', '로그인이 필요합니다.');
  });
});

describe('search and paging details (1.4, 3.10)', () => {
  it('category by id and keyword combine; `all` in any case is no filter; size and sort are ignored', async () => {
    const tag = 'QA콤보';
    await createBoard(alice, { title: `${tag} 공지`, categoryId: 3 });
    await createBoard(alice, { title: `${tag} 일반`, categoryId: 1 });
    await createBoard(alice, { title: '다른 공지', categoryId: 3 });
    const byId = (await t.get(`/api/boards/search?keyword=${encodeURIComponent(tag)}&category=3`)).json();
    expect(byId.content.map((b: { title: string }) => b.title)).toEqual([`${tag} 공지`]);
    const byName = (
      await t.get(`/api/boards/search?keyword=${encodeURIComponent(tag)}&category=${encodeURIComponent('공지글')}`)
    ).json();
    expect(byName.totalElements).toBe(1);
    const all = (await t.get(`/api/boards/search?keyword=${encodeURIComponent(tag)}&category=ALL&size=1&sort=title`)).json();
    expect(all.totalElements).toBe(2);
    expect(all.size).toBe(10);
    expect(all.content.map((b: { title: string }) => b.title)).toEqual([`${tag} 일반`, `${tag} 공지`]);
  });

  it('/api/boards ignores size and sort and always pages 10', async () => {
    for (let i = 0; i < 11; i++) await createBoard(bob, { title: `페이지 ${i}` });
    const res = (await t.get('/api/boards?size=50&sort=views,asc')).json();
    expect(res.size).toBe(10);
    expect(res.content).toHaveLength(10);
    expect(res.content[0].title).toBe('페이지 10');
    const my = (await t.get('/api/boards/my?page=1&size=100', { token: bob.token })).json();
    expect(my).toMatchObject({ number: 1, size: 10, totalElements: 11, totalPages: 2, first: false, last: true, empty: false });
    expect(my.content).toHaveLength(1);
  });

  it('popular boards: a bare array, never an inactive notion, at most 5', async () => {
    const res = await t.get('/api/boards/popular');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json().length).toBeLessThanOrEqual(5);
  });
});

describe('view de-duplication under concurrency (8.23)', () => {
  it('concurrent view calls by one user or one anonymous viewer raise views once each', async () => {
    const id = await createBoard(alice);
    await Promise.all(Array.from({ length: 8 }, () => t.post(`/api/boards/${id}/view`, { token: bob.token })));
    expect((await boardRow(id)).views).toBe(1);
    const ip = nextIp();
    await Promise.all(
      Array.from({ length: 8 }, () => t.post(`/api/boards/${id}/view`, { ip, headers: { 'user-agent': 'qa-agent' } })),
    );
    expect((await boardRow(id)).views).toBe(2);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await t.post(`/api/boards/${id}/view`, { token: alice.token, ip: nextIp() });
    await t.post(`/api/boards/${id}/view`, { ip, headers: { 'user-agent': 'qa-agent' } });
    expect((await boardRow(id)).views).toBe(4);
  });
});

describe('reply delete counts (3.10)', () => {
  it('the board author deletes a child of someone else: −1 exactly; the parent stays', async () => {
    const id = await createBoard(alice);
    const top = await addReply(bob, { boardId: id, content: '위' });
    const child = await addReply(bob, { boardId: id, content: '아래', parentReplyId: top.id });
    const res = await t.delete(`/api/replies/${child.id}`, { token: alice.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('댓글이 성공적으로 삭제되었습니다.');
    expect((await boardRow(id)).replyCount).toBe(1);
    expect((await t.db.select().from(replies).where(eq(replies.id, top.id))).length).toBe(1);
    expectError(
      await t.delete(`/api/replies/${child.id}`, { token: alice.token }),
      404,
      'not_found',
      '댓글이 존재하지 않습니다.',
    );
  });
});
