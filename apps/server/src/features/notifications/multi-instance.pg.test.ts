import { notificationQueue, type LiveNotification } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.js';
import { StompTestClient } from '../../../test/fixtures/chat.js';
import { multiInstanceSkipReason, REDIS_URL, twoInstances } from '../../../test/fixtures/two-instances.js';

if (multiInstanceSkipReason) console.log(`[multi-instance notifications] skipped: ${multiInstanceSkipReason}`);

describe.skipIf(multiInstanceSkipReason !== null)('live notifications across two instances (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let hostA: string;
  let hostB: string;
  beforeAll(async () => {
    ({ a, b, hostA, hostB } = await twoInstances(REDIS_URL));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a 쪽지 stored through A reaches the receiver’s sockets on A and on B', async () => {
    const [sender, receiver] = [await a.user(), await a.user()];
    const sockets = [await StompTestClient.connect(hostA, receiver), await StompTestClient.connect(hostB, receiver)];
    for (const s of sockets) expect((await s.subscribe(notificationQueue(receiver.id))).command).toBe('RECEIPT');
    const res = await a.post('/api/messages', {
      token: sender.token,
      body: { receiverName: receiver.nickname, content: '두 인스턴스' },
    });
    expect(res.statusCode).toBe(201);
    for (const s of sockets) {
      const body = JSON.parse((await s.next((f) => f.command === 'MESSAGE')).body) as LiveNotification;
      expect(body.kind).toBe('message');
      expect(body.kind === 'message' && body.message).toMatchObject({
        messageId: (res.json() as { messageId: number }).messageId,
        content: '두 인스턴스',
      });
      s.close();
    }
  });
});
