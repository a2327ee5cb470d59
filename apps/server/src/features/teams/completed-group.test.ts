import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { createGroup, createRoom, listen, StompTestClient, type TestGroup } from '../../../test/fixtures/chat.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';

/** docs/api.md §10.2: after completion, chat, the calendar, notices and links stay as they are. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
let host: string;
beforeAll(async () => {
  host = await listen(t);
});

async function completedGroup(name: string): Promise<TestGroup> {
  const g = await createGroup(t, 1, name);
  const res = await t.post(`/api/groups/${g.id}/complete`, {
    token: g.admin.token,
    body: { summary: '마쳤습니다', showcase: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'COMPLETED' });
  return g;
}

describe('a completed group keeps', () => {
  it('its chat: a room is opened, a line is sent and read back', async () => {
    const g = await completedGroup('완료 채팅');
    const roomId = await createRoom(t, g);
    const [member] = g.members;
    const client = await StompTestClient.connect(host, member);
    await client.subscribe(`/topic/chat/${roomId}`);
    const receipt = await client.sendChat(roomId, '끝나도 계속 얘기해요', 'sent');
    expect(receipt?.command).toBe('RECEIPT');
    client.close();
    const lines = (await t.get(`/api/chat/rooms/${roomId}/messages`, { token: g.admin.token })).json() as Array<{
      message: string;
    }>;
    expect(lines.map((l) => l.message)).toContain('끝나도 계속 얘기해요');
  });

  it('its calendar: a member adds a schedule and it is listed', async () => {
    const g = await completedGroup('완료 일정');
    const [member] = g.members;
    const res = await t.post('/api/schedules', {
      token: member.token,
      body: { groupId: g.id, content: '회고 모임', date: '2025-06-10' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const all = await t.get(`/api/schedules/total/${g.id}`, { token: g.admin.token });
    expect(all.json()).toEqual([{ nickname: member.nickname, date: '2025-06-10' }]);
    const day = await t.get(`/api/schedules/detail/${g.id}?date=2025-06-10`, { token: g.admin.token });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.body).toContain('회고 모임');
  });

  it('its notices: the admin posts one and a member reads it', async () => {
    const g = await completedGroup('완료 공지');
    const res = await t.post(`/api/groups/${g.id}/notices`, { token: g.admin.token, body: { title: '회고', content: '토요일' } });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.get(`/api/groups/${g.id}/notices`, { token: g.members[0].token });
    expect((list.json() as Array<{ title: string }>).map((n) => n.title)).toEqual(['회고']);
  });

  it('its links: a member shares one and the admin reads it', async () => {
    const g = await completedGroup('완료 자료');
    const res = await t.post(`/api/groups/${g.id}/links`, {
      token: g.members[0].token,
      body: { title: '발표 자료', url: 'https://example.com/slides' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.get(`/api/groups/${g.id}/links`, { token: g.admin.token });
    expect((list.json() as Array<{ url: string }>).map((l) => l.url)).toEqual(['https://example.com/slides']);
  });
});
