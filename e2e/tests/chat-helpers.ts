import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Dialogs, apiUser, expect, loginWithToken, unique, type ApiUser } from './fixtures';

const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });
const seoulToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

export interface ChatGroup {
  groupId: number;
  roomId: number;
  roomName: string;
  admin: ApiUser;
  member: ApiUser;
}

/** A group with one member and its room, through the API: post, profile, apply, approve, close, group, room. */
export async function chatGroup(request: APIRequestContext, withRoom = true): Promise<ChatGroup> {
  const admin = await apiUser(request, `방장${unique()}`);
  const member = await apiUser(request, `멤버${unique()}`);
  const post = await request.post('/api/recruitments', {
    headers: auth(admin),
    data: { title: '채팅 테스트 공고', description: '설명', topic: '웹', totalMembers: 3, dueDate: seoulToday(), tags: [] },
  });
  const postId = (await post.json()).id as number;
  await request.post('/api/user-info', {
    headers: auth(member),
    data: { contact: '비공개', field: '프론트엔드', techStacks: ['React'] },
  });
  const applied = await request.post('/api/applications', { headers: auth(member), data: { recruitmentId: postId } });
  const applicationId = (await applied.json()).applicationId as number;
  expect(
    (
      await request.put('/api/applications/status', { headers: auth(admin), data: { applicationId, status: 'APPROVED' } })
    ).status(),
  ).toBe(200);
  await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(admin) });
  const group = await request.post('/api/groups', {
    headers: auth(admin),
    data: { basePostId: postId, name: '채팅 그룹', description: '함께해요' },
  });
  expect(group.status(), await group.text()).toBe(201);
  const groupId = (await group.json()).id as number;
  if (!withRoom) return { groupId, roomId: 0, roomName: '', admin, member };
  const roomName = `잡담방${unique()}`;
  const room = await request.post('/api/chat/room', { headers: auth(admin), data: { groupId, chatRoomName: roomName } });
  expect(room.status(), await room.text()).toBe(201);
  return { groupId, roomId: (await room.json()).chatRoomId, roomName, admin, member };
}

/** A second person in their own browser context, logged in. */
export async function secondPerson(browser: Browser, user: ApiUser) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
  });
  const page = await context.newPage();
  const dialogs = new Dialogs(page);
  await loginWithToken(page, user);
  return { context, page, dialogs };
}

export async function typeAndSend(page: Page, text: string) {
  const input = page.getByLabel('메시지 입력');
  await expect(input).toHaveAttribute('placeholder', '메시지를 입력하세요');
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}
