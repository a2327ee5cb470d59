import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp } from '../../../test/helpers.js';
import { createGroup, createRoom, listen } from '../../../test/fixtures/chat.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { restore } from './backup.js';

/** A raw STOMP socket that keeps every frame and how the socket closed. */
function stompSocket(host: string, token: string) {
  const ws = new WebSocket(`ws://${host}/ws/chat/websocket?token=${encodeURIComponent(token)}`);
  const frames: string[] = [];
  const closed = new Promise<{ code: number; clean: boolean }>((resolve) =>
    ws.on('close', (code) => resolve({ code, clean: code !== 1006 })),
  );
  ws.on('message', (data) => frames.push(String(data)));
  const opened = new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waitFor = async (match: (f: string) => boolean) => {
    for (let i = 0; i < 200 && !frames.some(match); i++) await new Promise((r) => setTimeout(r, 25));
    return frames.find(match);
  };
  return { ws, frames, closed, opened, waitFor, send: (frame: string) => ws.send(frame) };
}

// Both runs use the embedded database of a data dir (the PGlite template): *.pglite.test.ts runs only in api-pglite.
describe('graceful shutdown (what SIGTERM runs: app.close())', () => {
  it('finishes in-flight requests and received chat frames, closes sockets with a close frame, and loses no stored message', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
    await restore(dataDir, path.join(inject('testDir'), 'template.tar'));
    const t = await createTestApp({ now: NOON_SEOUL, database: { dataDir } });
    const host = await listen(t);
    const g = await createGroup(t, 1, '종료 그룹');
    const roomId = await createRoom(t, g);
    const [sender, listener] = [stompSocket(host, g.admin.token), stompSocket(host, g.members[0].token)];
    await Promise.all([sender.opened, listener.opened]);
    for (const s of [sender, listener]) {
      s.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
      s.send(`SUBSCRIBE\nid:0\ndestination:/topic/chat/${roomId}\nreceipt:sub\n\n\0`);
      expect(await s.waitFor((f) => f.startsWith('RECEIPT'))).toBeDefined();
    }

    // a 쪽지 whose body is still arriving when shutdown begins
    const [host_, port] = host.split(':');
    const body = JSON.stringify({ receiverName: g.members[0].nickname, content: '종료 중 쪽지' });
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: host_,
          port: Number(port),
          method: 'POST',
          path: '/api/messages',
          headers: {
            authorization: `Bearer ${g.admin.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 300);
    });
    await new Promise((r) => setTimeout(r, 100));

    // chat lines sent just before the signal, each taking 100 ms more to store, so four still wait when it comes
    const destinations = t.ctx.realtime.destinations;
    const handleSend = destinations.handleSend.bind(destinations);
    destinations.handleSend = async (...args) => {
      await new Promise((r) => setTimeout(r, 100));
      return handleSend(...args);
    };
    for (let i = 0; i < 5; i++) {
      const message = JSON.stringify({ chatRoomId: roomId, message: `마지막 ${i}` });
      sender.send(`SEND\ndestination:/app/chat.sendMessage\ncontent-type:application/json\nreceipt:m${i}\n\n${message}\0`);
    }
    // the signal comes the moment the first line is delivered, while the other four wait in the session
    const closing = new Promise<void>((resolve, reject) =>
      listener.ws.on('message', (data) => {
        if (String(data).startsWith('MESSAGE')) t.app.close().then(resolve, reject);
      }),
    );

    expect(await inFlight).toBe(201);
    await closing;
    const [senderClose, listenerClose] = await Promise.all([sender.closed, listener.closed]);
    expect(senderClose.clean && listenerClose.clean).toBe(true);
    // the five SENDs had reached the server before it handled the first: each is stored, answered and
    // delivered before the sockets close
    const acknowledged = sender.frames
      .filter((f) => f.startsWith('RECEIPT\nreceipt-id:m'))
      .map((f) => Number(/m(\d)/.exec(f)![1]));
    expect(acknowledged).toEqual([0, 1, 2, 3, 4]);
    expect(listener.frames.filter((f) => f.startsWith('MESSAGE')).length).toBe(acknowledged.length);

    // after a restart every acknowledged line and the 쪽지 are there
    const again = await createTestApp({ now: NOON_SEOUL, database: { dataDir } });
    try {
      const history = await again.get(`/api/chat/rooms/${roomId}/messages`, { token: g.admin.token });
      const lines = (history.json() as Array<{ message: string }>).map((m) => m.message).filter((m) => m.startsWith('마지막'));
      expect(lines.sort()).toEqual(acknowledged.map((i) => `마지막 ${i}`));
      const inbox = await again.get('/api/messages/recent', { token: g.members[0].token });
      expect((inbox.json() as Array<{ content: string }>).map((m) => m.content)).toContain('종료 중 쪽지');
    } finally {
      await again.close();
    }
  }, 120_000);
});
