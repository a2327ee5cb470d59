// The setup both board test files share: three users, fresh rate-limit windows per test, and small helpers.
// The users and the app are live bindings, assigned by useBoardSuite()'s beforeAll.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Page } from '@app/contract';
import { boards, replies } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

export let t: TestApp;
export let alice: TestUser;
export let bob: TestUser;
export let carol: TestUser;

export interface Item {
  boardId: number;
  title: string;
  authorNickname: string;
  createdAt: string;
  views: number;
  replyCount: number;
}

export interface ReplyJson {
  id: number;
  content: string;
  edited: boolean;
  boardId: number;
  authorId: number;
  authorNickname: string;
  parentReplyId: number | null;
  createdAt: string;
}

export function useBoardSuite() {
  beforeAll(async () => {
    t = await createTestApp({ now: '2025-06-01T04:45:12Z' });
    alice = await t.user('앨리스');
    bob = await t.user('Bobby');
    carol = await t.user('캐롤');
  });
  afterAll(() => t.close());
  // Every test starts in fresh rate-limit windows (per hour for board creation), with unexpired tokens.
  beforeEach(async () => {
    t.clock.advance(61 * 60 * 1000);
    await Promise.all([alice, bob, carol].map(t.relogin));
  });
}

export async function createBoard(user: TestUser, over: Record<string, unknown> = {}): Promise<number> {
  t.clock.advance(1000);
  const res = await t.post('/api/boards', {
    token: user.token,
    body: { title: '제목', content: '내용', categoryId: 1, ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(/\/api\/boards\/(\d+)$/.exec(String(res.headers.location))![1]);
}

export async function addReply(
  user: TestUser,
  boardId: number,
  content: string,
  parentReplyId?: number | null,
): Promise<ReplyJson> {
  t.clock.advance(1000);
  const res = await t.post('/api/replies', { token: user.token, body: { boardId, content, parentReplyId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ReplyJson;
}

export const boardRow = async (id: number) => (await t.db.select().from(boards).where(eq(boards.id, id)))[0];
export const replyTotal = async (boardId: number) =>
  (await t.db.select({ n: count() }).from(replies).where(eq(replies.boardId, boardId)))[0].n;

export async function detail(id: number, token?: string, page = 0) {
  const res = await t.get(`/api/boards/${id}?page=${page}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { board: Record<string, unknown> & { author: Record<string, unknown> }; replies: Page<ReplyJson> };
}
