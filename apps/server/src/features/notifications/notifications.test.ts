import { notificationQueue, type LiveNotification } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../lib/transaction.js';
import type { Frame } from '../../realtime/codec.js';
import type { TestUser } from '../../../test/helpers.js';
import { expectClosed, sleep, StompTestClient, useRealtimeSuite } from '../../../test/fixtures/chat.js';
import { sendSystemMessages } from '../messages/system-messages.js';
import { addProfile, applyTo, createRecruitment, decide } from '../../../test/fixtures/posts.js';

const rt = useRealtimeSuite();

/** A connected socket of the user, subscribed to its own notification queue. */
async function listener(user: TestUser, via: 'raw' | 'sockjs' = 'raw') {
  const c = await rt.connect(user, via);
  expect((await c.subscribe(notificationQueue(user.id))).command).toBe('RECEIPT');
  return c;
}

const notification = async (c: StompTestClient, timeoutMs = 3000) => {
  const frame: Frame = await c.next((f) => f.command === 'MESSAGE', timeoutMs);
  expect(frame.headers['content-type']).toBe('application/json');
  const body = JSON.parse(frame.body) as LiveNotification;
  expect(body.kind).toBe('message');
  return body as Extract<LiveNotification, { kind: 'message' }>;
};

const sendMessage = (from: TestUser, to: TestUser, content: string) =>
  rt.t.post('/api/messages', { token: from.token, body: { receiverName: to.nickname, content } });

describe('the per-user notification queue: who may subscribe', () => {
  it('accepts the user’s own queue', async () => {
    const u = await rt.t.user();
    const c = await listener(u);
    expect(c.closed).toBe(false);
  });

  it('refuses another user’s queue (and a non-canonical id) with an ERROR frame, then closes', async () => {
    const [u, other] = [await rt.t.user(), await rt.t.user()];
    for (const destination of [notificationQueue(other.id), `/user/0${u.id}/queue/notifications`, '/user//queue/notifications']) {
      const c = await StompTestClient.connect(rt.host, u);
      const refused = await c.subscribe(destination);
      expect(refused.command).toBe('ERROR');
      expect(refused.headers.message).toBe('본인의 알림만 구독할 수 있습니다.');
      await expectClosed(c);
    }
  });

  it('opens no socket for an anonymous visitor (the handshake needs a token)', async () => {
    await expect(StompTestClient.raw(rt.host, '')).rejects.toThrow('refused 401');
  });
});

describe('delivery', () => {
  it('a 쪽지 reaches the receiver’s sockets at once as the dropdown item; the sender’s queue gets nothing', async () => {
    const [a, b] = [await rt.t.user('보내는이'), await rt.t.user('받는이')];
    const [mine, theirs] = [await listener(a), await listener(b)];
    const res = await sendMessage(a, b, '안녕하세요, 스터디 같이 하실래요? 주말마다 모여요');
    expect(res.statusCode).toBe(201);
    const sent = res.json() as { messageId: number; sentAt: string };
    expect(await notification(theirs)).toEqual({
      kind: 'message',
      message: {
        messageId: sent.messageId,
        senderId: a.id,
        senderName: '보내는이',
        content: '안녕하세요, 스터디 같이 하실래요? ...',
        read: false,
        sentAt: sent.sentAt,
      },
    });
    await sleep(100);
    expect(mine.take(notificationQueue(a.id))).toEqual([]);
  });

  it('reaches every socket of the receiver (two tabs: WebSocket and SockJS)', async () => {
    const [a, b] = [await rt.t.user(), await rt.t.user()];
    const tabs = [await listener(b), await listener(b, 'sockjs')];
    expect((await sendMessage(a, b, '두 탭')).statusCode).toBe(201);
    for (const tab of tabs) expect((await notification(tab)).message.content).toBe('두 탭');
  });

  it('system 쪽지 count too: applying notifies applicant and author, approval notifies the applicant', async () => {
    const [author, applicant] = [await rt.t.user(), await rt.t.user()];
    await addProfile(rt.t, applicant);
    const post = await createRecruitment(rt.t, author, { title: '알림 공고' });
    const [authorSocket, applicantSocket] = [await listener(author), await listener(applicant)];
    const applicationId = await applyTo(rt.t, applicant, post.id);
    for (const c of [authorSocket, applicantSocket]) {
      const { message } = await notification(c);
      expect(message.senderName).toBe('[시스템]');
      expect(message.read).toBe(false);
    }
    expect((await decide(rt.t, author, applicationId, 'APPROVED')).statusCode).toBe(200);
    expect((await notification(applicantSocket)).message.content).toContain('알림 공고');
  });

  it('pushes only after commit: a rolled-back 쪽지 is never announced', async () => {
    const u = await rt.t.user();
    const c = await listener(u);
    await expect(
      inTransaction(rt.t.db, rt.t.ctx.log, rt.t.clock.now(), async (scope) => {
        await sendSystemMessages(rt.t.ctx, scope, [
          { receiverId: u.id, content: '되돌려질 쪽지', type: 'APPLICATION_DECIDED', link: '/messages' },
        ]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await sleep(150);
    expect(c.take(notificationQueue(u.id))).toEqual([]);
  });

  it('a user’s unsubscribed socket gets nothing', async () => {
    const [a, b] = [await rt.t.user(), await rt.t.user()];
    const c = await rt.connect(b);
    expect((await sendMessage(a, b, '구독 안 함')).statusCode).toBe(201);
    await sleep(150);
    expect(c.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });
});

describe('ended sessions get nothing', () => {
  it('after logout (the client closes its socket) the user has no socket left to push to', async () => {
    const [a, b] = [await rt.t.user(), await rt.t.user()];
    const c = await listener(b);
    c.close();
    await c.closedPromise;
    await sleep(50);
    expect(rt.t.ctx.realtime.hub.sessions().some((s) => s.userId === b.id)).toBe(false);
    expect((await sendMessage(a, b, '로그아웃 뒤')).statusCode).toBe(201);
  });

  it('withdrawal closes every socket of the user, and no 쪽지 can reach them afterwards', async () => {
    const [a, b] = [await rt.t.user(), await rt.t.user('떠나는이')];
    const tabs = [await listener(b), await listener(b, 'sockjs')];
    expect((await rt.t.delete(`/api/users/${b.id}`, { token: b.token })).statusCode).toBe(200);
    for (const tab of tabs) await expectClosed(tab);
    expect((await sendMessage(a, b, '탈퇴 뒤')).statusCode).toBe(400);
    for (const tab of tabs) expect(tab.take(notificationQueue(b.id))).toEqual([]);
  });

  it('a password reset (sessions revoked) closes the sockets; a later system 쪽지 reaches only new ones', async () => {
    const u = await rt.t.user();
    const old = await listener(u);
    await inTransaction(rt.t.db, rt.t.ctx.log, rt.t.clock.now(), (scope) =>
      rt.t.ctx.events.emit(scope, 'user.sessionsRevoked', { userId: u.id }),
    );
    await expectClosed(old);
    await inTransaction(rt.t.db, rt.t.ctx.log, rt.t.clock.now(), (scope) =>
      sendSystemMessages(rt.t.ctx, scope, [
        { receiverId: u.id, content: '재설정 뒤', type: 'APPLICATION_DECIDED', link: '/messages' },
      ]),
    );
    await sleep(100);
    expect(old.take(notificationQueue(u.id))).toEqual([]);
  });
});
