import { and, eq } from 'drizzle-orm';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import WebSocket from 'ws';
import { groupMembers } from '../../db/schema/index.js';
import { inTransaction } from '../../lib/events.js';
import { encodeFrame, FrameParser, type Frame } from '../../realtime/codec.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { addProfile, applyTo, createRecruitment, decide, NOON_SEOUL, resetLimits } from '../posts/testing.js';

export interface TestGroup {
  id: number;
  name: string;
  admin: TestUser;
  members: TestUser[];
}

/** A group made through the real routes: a post, applications, approvals, close, then POST /api/groups. */
export async function createGroup(t: TestApp, memberCount: number, name = '채팅 그룹'): Promise<TestGroup> {
  const admin = await t.user();
  // one seat left for an invite
  const post = await createRecruitment(t, admin, { totalMembers: Math.min(100, memberCount + 2) });
  const members: TestUser[] = [];
  for (let i = 0; i < memberCount; i++) {
    const u = await t.user();
    await addProfile(t, u);
    const applicationId = await applyTo(t, u, post.id);
    expect((await decide(t, admin, applicationId, 'APPROVED')).statusCode).toBe(200);
    members.push(u);
  }
  await t.patch(`/api/recruitments/${post.id}/close`, { token: admin.token });
  const res = await t.post('/api/groups', { token: admin.token, body: { basePostId: post.id, name, description: '설명' } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: number }).id, name, admin, members };
}

export async function createRoom(t: TestApp, group: TestGroup, chatRoomName = '잡담방'): Promise<number> {
  const res = await t.post('/api/chat/room', { token: group.admin.token, body: { groupId: group.id, chatRoomName } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { chatRoomId: number }).chatRoomId;
}

/** A membership ends the way the groups area ends it: the row goes and the event fires in one transaction. */
export async function removeMember(t: TestApp, group: TestGroup, user: TestUser, reason: 'leave' | 'kick' | 'withdrawal') {
  await inTransaction(t.db, t.ctx.log, t.clock.now(), async (scope) => {
    await scope.tx.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, user.id)));
    await t.ctx.events.emit(scope, 'group.memberRemoved', {
      groupId: group.id,
      groupName: group.name,
      userId: user.id,
      nickname: user.nickname,
      reason,
    });
  });
}

/** POST /api/groups/{id}/invite by the admin. */
export async function invite(t: TestApp, group: TestGroup, user: TestUser) {
  const res = await t.post(`/api/groups/${group.id}/invite`, { token: group.admin.token, body: { nickname: user.nickname } });
  expect(res.statusCode, res.body).toBe(200);
}

export async function listen(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http://', '');
}

export interface RealtimeSuite {
  t: TestApp;
  /** host:port of the listening app */
  host: string;
  /** a connected STOMP client of the user, closed after the file's tests */
  connect(user: TestUser, via?: 'raw' | 'sockjs'): Promise<StompTestClient>;
  /** closes a client opened another way after the file's tests too */
  track(c: StompTestClient): StompTestClient;
}

/**
 * The setup of a test file over real sockets: an app listening on a free port (t and host are set by the
 * suite's beforeAll, so read them in hooks and tests), fresh rate-limit windows per test, every client closed
 * at the end.
 */
export function useRealtimeSuite(): RealtimeSuite {
  const open: StompTestClient[] = [];
  const suite = {
    track: (c: StompTestClient) => {
      open.push(c);
      return c;
    },
    connect: async (user: TestUser, via: 'raw' | 'sockjs' = 'raw') =>
      suite.track(await StompTestClient.connect(suite.host, user, via)),
  } as RealtimeSuite;
  beforeAll(async () => {
    suite.t = await createTestApp({ now: NOON_SEOUL });
    suite.host = await listen(suite.t);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await suite.t.close();
  });
  beforeEach(() => resetLimits(suite.t));
  return suite;
}

/**
 * A STOMP client for tests over a raw WebSocket (/ws/chat/websocket) or SockJS (sockjs-client, any
 * transport). Every frame it receives is kept; `next` waits for one that matches.
 */
export class StompTestClient {
  readonly frames: Frame[] = [];
  private readonly parser = new FrameParser(1024 * 1024);
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  closed = false;
  readonly closedPromise: Promise<void>;
  private onClose!: () => void;
  heartBeats = 0;

  private constructor(
    private readonly sendRaw: (data: string) => void,
    private readonly closeRaw: () => void,
  ) {
    this.closedPromise = new Promise((resolve) => (this.onClose = resolve));
  }

  static raw(host: string, token: string, headers: Record<string, string> = {}): Promise<StompTestClient> {
    const ws = new WebSocket(`ws://${host}/ws/chat/websocket?token=${encodeURIComponent(token)}`, { headers });
    const client = new StompTestClient(
      (d) => ws.send(d),
      () => ws.close(),
    );
    ws.on('message', (data) => client.receive(String(data)));
    ws.on('close', () => client.markClosed());
    return new Promise((resolve, reject) => {
      ws.on('open', () => resolve(client));
      ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.on('error', reject);
    });
  }

  static sockjs(host: string, token: string, transports?: string[]): Promise<StompTestClient> {
    const sock = new SockJS(
      `http://${host}/ws/chat?token=${encodeURIComponent(token)}`,
      undefined,
      transports ? { transports } : undefined,
    );
    const client = new StompTestClient(
      (d) => sock.send(d),
      () => sock.close(),
    );
    sock.onmessage = (e) => client.receive(String(e.data));
    return new Promise((resolve, reject) => {
      sock.onopen = () => resolve(client);
      sock.onclose = (e) => {
        client.markClosed();
        reject(new Error(`closed ${e.code} ${e.reason}`));
      };
    });
  }

  /** Opens and CONNECTs; resolves with the CONNECTED frame. */
  static async connect(host: string, user: TestUser, via: 'raw' | 'sockjs' = 'raw'): Promise<StompTestClient> {
    const client = via === 'raw' ? await StompTestClient.raw(host, user.token) : await StompTestClient.sockjs(host, user.token);
    client.send('CONNECT', { 'accept-version': '1.1,1.2', host: 'localhost', 'heart-beat': '0,0' });
    const connected = await client.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
    if (connected.command !== 'CONNECTED') throw new Error(`CONNECT refused: ${connected.body}`);
    return client;
  }

  send(command: string, headers: Record<string, string> = {}, body = '') {
    this.sendRaw(encodeFrame(command, headers, body));
  }

  write(raw: string) {
    this.sendRaw(raw);
  }

  /** SUBSCRIBE with a receipt, waiting for the RECEIPT (or the ERROR that refused it). */
  async subscribe(destination: string, id = destination): Promise<Frame> {
    const receipt = `sub-${id}`;
    this.send('SUBSCRIBE', { id, destination, receipt });
    return this.next((f) => (f.command === 'RECEIPT' && f.headers['receipt-id'] === receipt) || f.command === 'ERROR');
  }

  async sendChat(chatRoomId: number | string, message: unknown, receipt?: string): Promise<Frame | null> {
    this.send(
      'SEND',
      { destination: '/app/chat.sendMessage', 'content-type': 'application/json', ...(receipt ? { receipt } : {}) },
      JSON.stringify({ chatRoomId, message }),
    );
    return receipt
      ? this.next((f) => (f.command === 'RECEIPT' && f.headers['receipt-id'] === receipt) || f.command === 'ERROR')
      : null;
  }

  next(match: (f: Frame) => boolean = () => true, timeoutMs = 5000): Promise<Frame> {
    const found = this.frames.findIndex(match);
    if (found >= 0) return Promise.resolve(this.frames.splice(found, 1)[0]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  /** MESSAGE frames on a destination received so far (taken out of the buffer). */
  take(destination: string): Frame[] {
    const out = this.frames.filter((f) => f.command === 'MESSAGE' && f.headers.destination === destination);
    for (const f of out) this.frames.splice(this.frames.indexOf(f), 1);
    return out;
  }

  close() {
    this.closeRaw();
  }

  private receive(data: string) {
    if (/^\s+$/.test(data)) this.heartBeats++;
    for (const frame of this.parser.push(data)) {
      const w = this.waiters.findIndex((x) => x.match(frame));
      if (w >= 0) this.waiters.splice(w, 1)[0].resolve(frame);
      else this.frames.push(frame);
    }
  }

  private markClosed() {
    this.closed = true;
    this.onClose();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for the socket to close (the server closes after an ERROR). */
export async function expectClosed(client: StompTestClient, timeoutMs = 3000) {
  await Promise.race([client.closedPromise, sleep(timeoutMs).then(() => Promise.reject(new Error('socket still open')))]);
}
