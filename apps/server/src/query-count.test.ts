import { describe, expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../test/helpers.js';
import { makeGroup } from '../test/fixtures/groups.js';
import { createRecruitment, NOON_SEOUL } from '../test/fixtures/posts.js';

/**
 * Every read runs a constant number of statements, whatever the number of rows it shows: each endpoint is
 * counted once with one row of everything and again with five more, uncached both times.
 */
const t = useTestApp({ now: NOON_SEOUL });
const author = t.suiteUser('작성자');
const applicants: TestUser[] = [];
let postId = 0;
let groupId = 0;
let boardId = 0;
let detailId = 0;
/** not reads: a transaction's control, and the setting a search's transaction plans with (db/client.ts) */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set local)\b/i;

async function grow(n: number) {
  t.resetLimits();
  for (let i = 0; i < n; i++) {
    t.clock.advance(1000);
    detailId = (await createRecruitment(t, author, { title: `자바 프로젝트 ${applicants.length} ${i}` })).id;
    expect((await t.put(`/api/bookmarks/${detailId}`, { token: author.token })).statusCode).toBe(200);
    const board = await t.post('/api/boards', {
      token: author.token,
      body: { title: '자바 질문', content: '내용', categoryId: 1 },
    });
    expect(board.statusCode, board.body).toBe(201);
    boardId ||= Number(/(\d+)$/.exec(String(board.headers.location))![1]);
    applicants.push(await t.user());
    // 차단 목록 grows with the rows
    expect((await t.put(`/api/blocks/${applicants.at(-1)!.id}`, { token: author.token })).statusCode).toBe(200);
  }
  const group = await makeGroup(t, author, applicants.slice(-n), { totalMembers: n + 1, name: '테스트 그룹' });
  postId = group.postId;
  groupId = group.id;
  const room = await t.post('/api/chat/room', { token: author.token, body: { groupId, chatRoomName: '팀 채팅' } });
  expect(room.statusCode, room.body).toBe(201);
  for (let i = 0; i < n; i++) {
    const date = `2025-06-${String(10 + applicants.length + i).padStart(2, '0')}`;
    const res = await t.post('/api/schedules', { token: author.token, body: { groupId, content: `일정 ${i}`, date } });
    expect(res.statusCode, res.body).toBe(200);
    // a notice and a link by each member of the group (the newest members write the links)
    const notice = await t.post(`/api/groups/${groupId}/notices`, {
      token: author.token,
      body: { title: `공지 ${i}`, content: '내용', pinned: i === 0 },
    });
    expect(notice.statusCode, notice.body).toBe(201);
    const link = await t.post(`/api/groups/${groupId}/links`, {
      token: applicants[applicants.length - 1 - i].token,
      body: { title: `자료 ${i}`, url: 'https://example.com' },
    });
    expect(link.statusCode, link.body).toBe(201);
  }
}

const reads = (): Array<[string, string, boolean]> => [
  ['list', '/api/recruitments?page=0', false],
  ['detail', `/api/recruitments/${detailId}`, false],
  ['search all, 3+ characters', `/api/recruitments/search?searchType=all&keyword=${encodeURIComponent('프로젝트')}`, false],
  ['search all, 2 characters', `/api/recruitments/search?searchType=all&keyword=${encodeURIComponent('자바')}`, false],
  ['search creator', `/api/recruitments/search?searchType=creator&keyword=${encodeURIComponent('작성자')}`, false],
  ['popular', '/api/recruitments/popular', false],
  ['list, open only by views', '/api/recruitments?open=true&order=views', false],
  ['list, two stacks and open', '/api/recruitments?stack=React&stack=Java&open=true', false],
  ['search, stacks by views', `/api/recruitments/search?keyword=${encodeURIComponent('자바')}&stack=react&order=views`, false],
  ['study groups, open only', '/api/study-groups?open=true', false],
  ['popular tags', '/api/recruitments/popular-tags', false],
  ['bookmark state', `/api/bookmarks/${detailId}`, true],
  ['bookmarks', '/api/bookmarks?page=0', true],
  ['bookmark ids', '/api/bookmarks/ids', true],
  ['my posts', '/api/base-posts/my-posts', true],
  ['applicants', `/api/applications/${postId}/list`, true],
  ['inbox', '/api/messages?page=0', true],
  ['boards', '/api/boards?page=0', false],
  ['board detail', `/api/boards/${boardId}`, false],
  ['my groups', '/api/groups/my-groups', true],
  ['group', `/api/groups/${groupId}`, true],
  ['members', `/api/groups/${groupId}/members`, true],
  ['schedules', `/api/schedules/total/${groupId}`, true],
  ['notices', `/api/groups/${groupId}/notices`, true],
  ['links', `/api/groups/${groupId}/links`, true],
  ['chat rooms', '/api/chat/rooms', true],
  ['blocks', '/api/blocks', true],
  ['record', `/api/users/${author.id}/record`, false],
];

async function statementsOf(url: string, withToken: boolean): Promise<number> {
  t.ctx.readCache.invalidate();
  const { result, statements } = await t.countQueries(() => t.get(url, withToken ? { token: author.token } : {}));
  expect(result.statusCode, `${url}: ${result.body}`).toBe(200);
  return statements.filter((s) => !TRANSACTION_CONTROL.test(s)).length;
}

describe('query count per request', () => {
  it('is the same with one row of everything and with five more, and small', async () => {
    await grow(1);
    const before: Record<string, number> = {};
    for (const [name, url, token] of reads()) before[name] = await statementsOf(url, token);
    await grow(5);
    const after: Record<string, number> = {};
    for (const [name, url, token] of reads()) after[name] = await statementsOf(url, token);
    expect(after).toEqual(before);
    for (const [name, n] of Object.entries(after)) expect(n, name).toBeLessThanOrEqual(4);
    // the hot public reads: one statement each (a list reads its total from the per-kind counter beside)
    expect(after.list).toBeLessThanOrEqual(2);
    expect(after.detail).toBe(1);
    expect(after['search all, 2 characters']).toBe(1);
    // a filtered list is a page and a count beside it (like the list); with a keyword one statement
    expect(after['list, two stacks and open']).toBeLessThanOrEqual(2);
    expect(after['search, stacks by views']).toBe(1);
    expect(after['list, open only by views']).toBeLessThanOrEqual(2);
    expect(after['popular tags']).toBe(1);
    // with a token: the token check, then one statement
    expect(after['bookmark state']).toBe(2);
    expect(after.bookmarks).toBe(2);
    // the token check, membership, then the list with its writers' names in one statement
    expect(after.notices).toBe(3);
    expect(after.links).toBe(3);
    expect(after.blocks).toBe(2);
    // a person's record: the counts and the revealed tags in one statement
    expect(after.record).toBe(1);
  });

  it('is zero for a public read served from the cache', async () => {
    const url = '/api/recruitments?page=0';
    await t.get(url);
    const { statements } = await t.countQueries(() => t.get(url));
    expect(statements).toEqual([]);
  });
});
