import { postPagePath } from '@app/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../../../test/helpers.js';
import { addProfile, applyTo, createRecruitment, decide, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { queryRows } from '../../db/client.js';

/**
 * Each trigger's [시스템] 쪽지 carries its type of §10.1 in the database, and its send the page it concerns (in the
 * notify job written with it).
 */
const t = useTestApp({ now: NOON_SEOUL });

interface Stored {
  content: string;
  type: string | null;
  link: string | null;
}

/** The 쪽지 the user received since `afterId`, oldest first, each with the page of its queued send. */
async function notesOf(user: TestUser, afterId = 0): Promise<Stored[]> {
  return queryRows<Stored>(
    t.db,
    sql`SELECT m.content, m.type, j.payload->>'link' AS link
        FROM messages m LEFT JOIN jobs j ON j.key = 'notify:' || m.id
        WHERE m.receiver_id = ${user.id} AND m.id > ${afterId} ORDER BY m.id`,
  );
}

const lastMessageId = async () =>
  (await queryRows<{ id: number }>(t.db, sql`SELECT coalesce(max(id), 0)::int AS id FROM messages`))[0].id;

/** Runs `action` and answers the 쪽지 each user received meanwhile. */
async function received(users: TestUser[], action: () => Promise<unknown>) {
  const before = await lastMessageId();
  await action();
  return Promise.all(users.map((u) => notesOf(u, before)));
}

const ok = async <R extends { statusCode: number; body: string }>(res: Promise<R>, status = 200): Promise<R> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r;
};

it('approve and reject: APPLICATION_DECIDED to the applicant, with the post’s page', async () => {
  const author = await t.user('유형작성자');
  const [approved, rejected] = [await t.user('유형합격'), await t.user('유형불합격')];
  const post = await createRecruitment(t, author, { title: '유형 공고' });
  const ids: number[] = [];
  for (const u of [approved, rejected]) {
    await addProfile(t, u);
    ids.push(await applyTo(t, u, post.id));
  }
  const page = postPagePath('RECRUITMENT', post.id);
  const [a] = await received([approved], () => ok(decide(t, author, ids[0], 'APPROVED')));
  expect(a).toEqual([expect.objectContaining({ type: 'APPLICATION_DECIDED', link: page })]);
  expect(a[0].content).toContain('유형 공고');
  const [r] = await received([rejected], () => ok(decide(t, author, ids[1], 'REJECTED')));
  expect(r).toEqual([expect.objectContaining({ type: 'APPLICATION_DECIDED', link: page })]);
  expect(r[0].content).not.toBe(a[0].content);
});

it('group created, chat room created, invite, kick: GROUP_ACTIVITY to the member concerned', async () => {
  const admin = await t.user('유형관리자');
  const [member, other, invitee] = [await t.user('유형멤버'), await t.user('유형멤버둘'), await t.user('유형초대')];
  const post = await createRecruitment(t, admin, { totalMembers: 5 });
  for (const m of [member, other]) {
    await addProfile(t, m);
    await ok(decide(t, admin, await applyTo(t, m, post.id), 'APPROVED'));
  }
  await ok(t.patch(`/api/recruitments/${post.id}/close`, { token: admin.token }));

  let groupId = 0;
  const created = await received([member, other], async () => {
    const res = await ok(
      t.post('/api/groups', { token: admin.token, body: { basePostId: post.id, name: '유형 그룹', description: '설명' } }),
      201,
    );
    groupId = (res.json() as { id: number }).id;
  });
  for (const notes of created)
    expect(notes).toEqual([expect.objectContaining({ type: 'GROUP_ACTIVITY', link: `/groups/${groupId}` })]);

  let roomId = 0;
  const room = await received([member, other], async () => {
    const res = await ok(t.post('/api/chat/room', { token: admin.token, body: { groupId, chatRoomName: '유형방' } }), 201);
    roomId = (res.json() as { chatRoomId: number }).chatRoomId;
  });
  for (const notes of room) expect(notes).toEqual([expect.objectContaining({ type: 'GROUP_ACTIVITY', link: `/chat/${roomId}` })]);

  const [invited] = await received([invitee], () =>
    ok(t.post(`/api/groups/${groupId}/invite`, { token: admin.token, body: { nickname: invitee.nickname } })),
  );
  expect(invited).toEqual([expect.objectContaining({ type: 'GROUP_ACTIVITY', link: `/groups/${groupId}` })]);

  const [kicked, stayed] = await received([member, other], () =>
    ok(t.delete(`/api/groups/${groupId}/remove/${member.id}`, { token: admin.token })),
  );
  expect(kicked).toEqual([expect.objectContaining({ type: 'GROUP_ACTIVITY', link: '/my-groups' })]);
  expect(kicked[0].content).toContain('유형 그룹');
  expect(stayed).toEqual([]);
});

it('a reply on my board: REPLY to the board’s author, with the board’s page', async () => {
  const [writer, replier] = [await t.user('유형글쓴이'), await t.user('유형댓글')];
  const board = await ok(
    t.post('/api/boards', { token: writer.token, body: { title: '유형 글', content: '내용', categoryId: 1 } }),
    201,
  );
  const boardId = Number(/\/api\/boards\/(\d+)$/.exec(String(board.headers.location))![1]);
  const [mine, theirs] = await received([writer, replier], () =>
    ok(t.post('/api/replies', { token: replier.token, body: { boardId, content: '댓글입니다' } }), 201),
  );
  expect(mine).toEqual([expect.objectContaining({ type: 'REPLY', link: `/boards/${boardId}` })]);
  expect(theirs).toEqual([]);
});
