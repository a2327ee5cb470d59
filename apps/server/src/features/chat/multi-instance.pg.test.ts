import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.js';
import { startRedis } from '../../../test/services.js';
import { createGroup, createRoom, removeMember, sleep, StompTestClient, type TestGroup } from '../../../test/fixtures/chat.js';
import { multiInstanceSkipReason, REDIS_URL, twoInstances } from '../../../test/fixtures/two-instances.js';

/** docs/api.md §5.6 with two real instances (test/fixtures/two-instances.ts): only with TEST_DATABASE_URL and a Redis. */
const skipReason = multiInstanceSkipReason;
if (skipReason) console.log(`[multi-instance chat] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('two instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let hostA: string;
  let hostB: string;
  let g: TestGroup;
  let roomId: number;
  beforeAll(async () => {
    ({ a, b, hostA, hostB } = await twoInstances(REDIS_URL));
    g = await createGroup(a, 2, '두 인스턴스');
    roomId = await createRoom(a, g);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a message sent through instance A reaches subscribers on instance B, in order', async () => {
    const sender = await StompTestClient.connect(hostA, g.members[0]);
    const onB = await StompTestClient.connect(hostB, g.admin);
    await onB.subscribe(`/topic/chat/${roomId}`);
    for (let i = 1; i <= 5; i++) await sender.sendChat(roomId, `A에서 ${i}`);
    const got: string[] = [];
    while (got.length < 5)
      got.push((JSON.parse((await onB.next((f) => f.command === 'MESSAGE')).body) as { message: string }).message);
    expect(got).toEqual([1, 2, 3, 4, 5].map((i) => `A에서 ${i}`));
    sender.close();
    onB.close();
  });

  it('a kick on A stops B’s deliveries to the kicked user and pushes the kick there', async () => {
    const victim = g.members[1];
    const onB = await StompTestClient.connect(hostB, victim);
    await onB.subscribe(`/topic/chat/${roomId}`);
    await onB.subscribe('/user/queue/kick');
    const admin = await StompTestClient.connect(hostA, g.admin);
    await admin.subscribe(`/topic/chat/${roomId}`);
    await removeMember(a, g, victim, 'kick');
    expect((await onB.next((f) => f.headers.destination === '/user/queue/kick')).body).toBe(
      '그룹에서 추방된 사용자이므로 채팅방에 참여를 할 수 없습니다.',
    );
    await admin.sendChat(roomId, '추방 후', 'r');
    await admin.next((f) => f.command === 'MESSAGE' && f.body.includes('추방 후'));
    await sleep(200);
    expect(onB.take(`/topic/chat/${roomId}`)).toEqual([]);
    admin.close();
    onB.close();
  });

  it('a revoked session on A closes the user’s sockets on B', async () => {
    const onB = await StompTestClient.connect(hostB, g.members[0]);
    a.ctx.realtime.closeUserSockets(g.members[0].id);
    await Promise.race([onB.closedPromise, sleep(3000).then(() => Promise.reject(new Error('still open')))]);
  });
});

const hasRedisServer = await new Promise<boolean>((resolve) =>
  spawn('redis-server', ['--version'])
    .on('error', () => resolve(false))
    .on('exit', (c) => resolve(c === 0)),
);
if (!skipReason && !hasRedisServer)
  console.log('[multi-instance chat] outage test skipped: no redis-server binary to start a private Redis');

describe.skipIf(skipReason !== null || !hasRedisServer)('Redis outage', () => {
  it('each instance keeps serving its own sockets while Redis is away and fans out again when it returns', async () => {
    const redis = await startRedis();
    const { a, b, hostA, hostB, brokerA, brokerB } = await twoInstances(redis.url);
    try {
      const g = await createGroup(a, 1, '장애 그룹');
      const roomId = await createRoom(a, g);
      const topic = `/topic/chat/${roomId}`;
      const onA = await StompTestClient.connect(hostA, g.admin);
      const onB = await StompTestClient.connect(hostB, g.members[0]);
      await onA.subscribe(topic);
      await onB.subscribe(topic);

      await redis.stop();
      await sleep(300);
      await onA.sendChat(roomId, '혼자서도', 'r1');
      expect(JSON.parse((await onA.next((f) => f.command === 'MESSAGE')).body).message).toBe('혼자서도');

      await redis.start();
      for (let i = 0; i < 50 && !(brokerA.isUp() && brokerB.isUp()); i++) await sleep(100);
      await sleep(300);
      await onA.sendChat(roomId, '다시 연결됨', 'r2');
      const back = await onB.next((f) => f.command === 'MESSAGE' && f.body.includes('다시 연결됨'), 5000);
      expect(JSON.parse(back.body).message).toBe('다시 연결됨');
      onA.close();
      onB.close();
    } finally {
      await a.close();
      await b.close();
      await redis.stop();
    }
  });
});
