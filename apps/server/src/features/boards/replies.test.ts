import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from '@app/contract';
import { messages } from '../../db/schema/index.js';
import { expectError } from '../../../test/helpers.js';
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

const inbox = (userId: number) => t.db.select().from(messages).where(eq(messages.receiverId, userId));

describe('POST /api/replies', () => {
  it('creates a top-level reply as the caller (authorId ignored) and sends the author a 쪽지', async () => {
    const id = await createBoard(alice, { title: '댓글 알림' });
    const before = (await inbox(alice.id)).length;
    const res = await t.post('/api/replies', {
      token: bob.token,
      body: { boardId: String(id), content: ' 좋은 글 ', authorId: carol.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      content: '좋은 글',
      edited: false,
      boardId: id,
      authorId: bob.id,
      authorNickname: 'Bobby',
      parentReplyId: null,
      createdAt: expect.stringMatching(/\+09:00$/),
    });
    expect((await boardRow(id)).replyCount).toBe(1);
    const mail = await inbox(alice.id);
    expect(mail).toHaveLength(before + 1);
    expect(mail.at(-1)!.content).toBe("'댓글 알림' 게시글에 새로운 댓글이 달렸습니다.");
    expect(mail.at(-1)!.read).toBe(false);
  });

  it('sends no 쪽지 when the author replies to their own post', async () => {
    const id = await createBoard(alice);
    const before = (await inbox(alice.id)).length;
    await addReply(alice, id, '내 댓글');
    expect((await inbox(alice.id)).length).toBe(before);
  });

  it('accepts a child of a top-level reply, refuses a child of a child, of another board, or a missing one', async () => {
    const id = await createBoard(alice);
    const otherBoard = await createBoard(alice);
    const top = await addReply(bob, id, '상위');
    const child = await addReply(carol, id, '하위', top.id);
    expect(child.parentReplyId).toBe(top.id);
    const foreign = await addReply(bob, otherBoard, '다른 글 댓글');
    for (const parentReplyId of [child.id, foreign.id, 999999]) {
      const res = await t.post('/api/replies', { token: bob.token, body: { boardId: id, content: '답글', parentReplyId } });
      expectError(res, 400, 'invalid_parent_reply', '상위 댓글이 존재하지 않습니다.');
    }
    const garbage = await t.post('/api/replies', {
      token: bob.token,
      body: { boardId: id, content: '답글', parentReplyId: 'abc' },
    });
    expectError(garbage, 400, 'validation_failed', '상위 댓글이 존재하지 않습니다.');
    expect((await boardRow(id)).replyCount).toBe(2);
    expect(await replyTotal(id)).toBe(2);
  });

  it('validates content, then the board; nothing is stored', async () => {
    const id = await createBoard(alice);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ boardId: id, content: '' }, 400, 'validation_failed', '댓글 내용을 입력해주세요.'],
      [{ boardId: id, content: '가'.repeat(501) }, 400, 'validation_failed', '댓글은 최대 500자까지 입력 가능합니다.'],
      [{ boardId: 999999, content: '내용' }, 404, 'not_found', '게시글이 존재하지 않습니다.'],
      [{ boardId: 999999, content: '내용', parentReplyId: 1 }, 404, 'not_found', '게시글이 존재하지 않습니다.'],
    ];
    for (const [body, status, code, text] of cases) {
      expectError(await t.post('/api/replies', { token: bob.token, body }), status, code, text);
    }
    expect((await t.post('/api/replies', { token: bob.token, body: { content: '내용' } })).statusCode).toBe(400);
    expectError(await t.post('/api/replies', { body: { boardId: id, content: 'x' } }), 401, 'login_required');
    expect(await replyTotal(id)).toBe(0);
    expect((await boardRow(id)).replyCount).toBe(0);
    await addReply(bob, id, '가'.repeat(500));
  });

  it('keeps replyCount exact under 20 concurrent replies', async () => {
    const id = await createBoard(alice, { title: '동시성' });
    const writers = [bob, carol, await t.user(), await t.user()];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.post('/api/replies', { token: writers[i % writers.length].token, body: { boardId: id, content: `동시 ${i}` } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect((await boardRow(id)).replyCount).toBe(20);
    expect(await replyTotal(id)).toBe(20);
    const mail = (await inbox(alice.id)).filter((m) => m.content === "'동시성' 게시글에 새로운 댓글이 달렸습니다.");
    expect(mail).toHaveLength(20);
  });

  it('allows 25 replies per minute per user, then 429', async () => {
    const id = await createBoard(alice);
    const user = await t.user();
    for (let i = 0; i < 25; i++) {
      expect((await t.post('/api/replies', { token: user.token, body: { boardId: id, content: `r${i}` } })).statusCode).toBe(201);
    }
    expectError(await t.post('/api/replies', { token: user.token, body: { boardId: id, content: 'x' } }), 429, 'rate_limited');
  });
});

describe('replies in the board detail', () => {
  it('are in thread order and paged 10 at a time', async () => {
    const id = await createBoard(alice);
    const a = await addReply(bob, id, 'A');
    const b = await addReply(carol, id, 'B');
    const b1 = await addReply(alice, id, 'B1', b.id);
    const a1 = await addReply(alice, id, 'A1', a.id);
    const c = await addReply(bob, id, 'C');
    const a2 = await addReply(carol, id, 'A2', a.id);
    const rest: number[] = [];
    for (let i = 0; i < 6; i++) rest.push((await addReply(bob, id, `D${i}`)).id);
    const first = await detail(id);
    expect(first.board.replyCount).toBe(12);
    expect(first.replies).toMatchObject({ number: 0, size: 10, totalElements: 12, totalPages: 2, first: true, last: false });
    expect(first.replies.content.map((r) => r.id)).toEqual([a.id, a1.id, a2.id, b.id, b1.id, c.id, ...rest.slice(0, 4)]);
    const second = await detail(id, undefined, 1);
    expect(second.replies.content.map((r) => r.id)).toEqual(rest.slice(4));
    expect(second.replies.last).toBe(true);
    expect((await detail(id, undefined, 'x' as unknown as number)).replies.number).toBe(0);
  });
});

describe('PUT /api/replies/{id}', () => {
  it('the reply author edits it: edited becomes true', async () => {
    const id = await createBoard(alice);
    const r = await addReply(bob, id, '처음');
    const res = await t.put(`/api/replies/${r.id}`, { token: bob.token, body: { content: ' 고침 ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...r, content: '고침', edited: true });
    expect((await detail(id)).replies.content[0]).toMatchObject({ content: '고침', edited: true });
  });

  it('errors in order: 404, 403 (the post author too, before validation), validation', async () => {
    const id = await createBoard(alice);
    const r = await addReply(bob, id, '그대로');
    expectError(
      await t.put('/api/replies/999999', { token: bob.token, body: { content: 'x' } }),
      404,
      'not_found',
      '댓글이 존재하지 않습니다.',
    );
    expectError(
      await t.put(`/api/replies/${r.id}`, { token: alice.token, body: { content: '' } }),
      403,
      'forbidden',
      '댓글을 수정할 권한이 없습니다.',
    );
    expectError(
      await t.put(`/api/replies/${r.id}`, { token: bob.token, body: { content: '  ' } }),
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
    expectError(await t.put(`/api/replies/${r.id}`, { body: { content: 'x' } }), 401, 'login_required');
    expect((await detail(id)).replies.content[0]).toMatchObject({ content: '그대로', edited: false });
  });
});

describe('DELETE /api/replies/{id}', () => {
  it('by the reply author; by the post author; others get 403 and nothing changes', async () => {
    const id = await createBoard(alice);
    const own = await addReply(bob, id, 'bob 댓글');
    const other = await addReply(carol, id, 'carol 댓글');
    expectError(
      await t.delete(`/api/replies/${own.id}`, { token: carol.token }),
      403,
      'forbidden',
      '댓글을 삭제할 권한이 없습니다.',
    );
    expectError(await t.delete('/api/replies/999999', { token: alice.token }), 404, 'not_found', '댓글이 존재하지 않습니다.');
    expectError(await t.delete(`/api/replies/${own.id}`), 401, 'login_required');
    expect((await boardRow(id)).replyCount).toBe(2);
    const res = await t.delete(`/api/replies/${own.id}`, { token: bob.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('댓글이 성공적으로 삭제되었습니다.');
    expect((await t.delete(`/api/replies/${other.id}`, { token: alice.token })).statusCode).toBe(200);
    expect((await boardRow(id)).replyCount).toBe(0);
    expect(await replyTotal(id)).toBe(0);
  });

  it('a top-level reply takes its children; a child goes alone; the count drops by the rows removed', async () => {
    const id = await createBoard(alice);
    const top = await addReply(bob, id, '상위');
    const c1 = await addReply(carol, id, '하위1', top.id);
    await addReply(alice, id, '하위2', top.id);
    const keep = await addReply(carol, id, '남는 댓글');
    expect((await boardRow(id)).replyCount).toBe(4);
    expect((await t.delete(`/api/replies/${c1.id}`, { token: carol.token })).statusCode).toBe(200);
    expect((await boardRow(id)).replyCount).toBe(3);
    expect((await t.delete(`/api/replies/${top.id}`, { token: bob.token })).statusCode).toBe(200);
    expect((await boardRow(id)).replyCount).toBe(1);
    expect((await detail(id)).replies.content.map((r) => r.id)).toEqual([keep.id]);
    expectError(await t.delete(`/api/replies/${top.id}`, { token: bob.token }), 404, 'not_found', '댓글이 존재하지 않습니다.');
  });

  it('concurrent deletes of a parent and its child never drift the count', async () => {
    const id = await createBoard(alice);
    const top = await addReply(bob, id, '상위');
    const child = await addReply(carol, id, '하위', top.id);
    await addReply(carol, id, '남음');
    await Promise.all([
      t.delete(`/api/replies/${top.id}`, { token: alice.token }),
      t.delete(`/api/replies/${child.id}`, { token: carol.token }),
    ]);
    expect((await boardRow(id)).replyCount).toBe(1);
    expect(await replyTotal(id)).toBe(1);
  });
});

describe('races on one board', () => {
  it('two deletes at once: one removes it, the other answers 404', async () => {
    const id = await createBoard(alice);
    const both = await Promise.all([
      t.delete(`/api/boards/${id}`, { token: alice.token }),
      t.delete(`/api/boards/${id}`, { token: alice.token }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expectError(
      both.find((r) => r.statusCode === 404)!,
      404,
      'not_found',
      '게시글을 찾을 수 없습니다.',
    );
    expect(await boardRow(id)).toBeUndefined();
  });
});

describe('withdrawal (docs/api.md §7)', () => {
  it('keeps boards and replies, shown as 탈퇴한 사용자 with author.loginId null', async () => {
    const leaver = await t.user('떠날사람');
    const id = await createBoard(leaver, { title: '남겨진 글' });
    await addReply(leaver, id, '남겨진 댓글');
    const res = await t.delete(`/api/users/${leaver.id}`, { token: leaver.token });
    expect(res.statusCode, res.body).toBe(200);
    const d = await detail(id);
    expect(d.board.author).toEqual({ id: leaver.id, loginId: null, nickname: '탈퇴한 사용자' });
    expect(d.board.authorNickname).toBe('탈퇴한 사용자');
    expect(d.replies.content[0].authorNickname).toBe('탈퇴한 사용자');
    const list = (
      await t.get(`/api/boards/search?searchType=title&keyword=${encodeURIComponent('남겨진')}`)
    ).json() as Page<Item>;
    expect(list.content[0]).toMatchObject({ boardId: id, authorNickname: '탈퇴한 사용자' });
    // found by the name the list shows, by author and by all; the old nickname finds nothing
    for (const [searchType, keyword] of [
      ['author', '탈퇴한'],
      ['all', '사용자'],
      ['author', '떠날사람'],
    ]) {
      const found = (
        await t.get(`/api/boards/search?searchType=${searchType}&keyword=${encodeURIComponent(keyword)}`)
      ).json() as Page<Item>;
      expect(
        found.content.some((b) => b.boardId === id),
        `${searchType} ${keyword}`,
      ).toBe(keyword !== '떠날사람');
    }
    expectError(
      await t.put(`/api/boards/${id}`, { token: leaver.token, body: { title: 'a', content: 'b' } }),
      401,
      'login_required',
    );
  });
});
