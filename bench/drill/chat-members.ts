/**
 * Chat members as the web app behaves (apps/web/src/shared/realtime/client.ts, features/chat/ChatRoom.tsx), over
 * STOMP on the raw SockJS WebSocket through the balancer: subscribe to the room (with a receipt), send a line now and
 * then (with a receipt), and when the socket ends: after the ERROR that says "move" (reconnect:true) connect again
 * within half a second, otherwise back off; once subscribed again, read what was missed from the history and merge it
 * by messageId. Each member records every line it got, live or read, how long each reconnect took, and any line
 * delivered live twice or out of order.
 */
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase, queryRows } from '@app/server/src/db/client.js';
import { TokenService } from '@app/server/src/lib/tokens.js';
import { LIVE_JWT_SECRET } from '../live.js';
import { randomIp } from '../random.js';
import { sleep } from './cluster.js';

interface ChatLine {
  messageId: number;
  message: string;
}

const frameOf = (command: string, headers: Record<string, string>, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n${body}\0`;

function parse(raw: string) {
  const split = raw.indexOf('\n\n');
  const [command, ...lines] = raw.slice(0, split).split('\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at)] = line.slice(at + 1);
  }
  return { command, headers, body: raw.slice(split + 2).replace(/\0$/, '') };
}

/** `rooms` groups of `perRoom` members, each with a room, written directly (as bench/live.ts does); their tokens. */
export async function chatRooms(url: string, rooms: number, perRoom: number) {
  const database = await openDatabase({ url });
  const db = database.db;
  try {
    const tokens = new TokenService(LIVE_JWT_SECRET);
    const made: Array<{ roomId: number; tokens: string[] }> = [];
    for (let r = 0; r < rooms; r++) {
      const tag = `drill${r}_${Date.now().toString(36)}`;
      const users = await queryRows<{ id: number; login_id: string }>(
        db,
        sql`INSERT INTO users (login_id, password_hash, email, phone_number, nickname, created_at, updated_at)
            SELECT ${tag} || '_' || g, 'x', ${tag} || g || '@example.com', '01000000000', '훈련' || ${tag} || '_' || g, now(), now()
            FROM generate_series(1, ${perRoom}) g RETURNING id, login_id`,
      );
      const [post] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date, inactive, created_at, updated_at)
            VALUES ('RECRUITMENT', ${users[0].id}, '훈련', '훈련', '훈련', ${perRoom}, ${perRoom}, current_date - 30, true, now() - interval '30 days', now()) RETURNING id`,
      );
      const [group] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO groups (post_id, name, description, type, created_at) VALUES (${post.id}, ${`훈련 그룹 ${r}`}, '훈련', 'PROJECT', now()) RETURNING id`,
      );
      await db.execute(sql`
        INSERT INTO group_members (group_id, user_id, role, joined_by, joined_at)
        SELECT ${group.id}, u.id, CASE WHEN u.id = ${users[0].id} THEN 'ADMIN' ELSE 'MEMBER' END, 'CREATION', now()
        FROM users u WHERE u.login_id LIKE ${`${tag}_%`}`);
      const [room] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO chat_rooms (group_id, name, created_by, created_at) VALUES (${group.id}, ${`훈련방 ${r}`}, ${users[0].id}, now()) RETURNING id`,
      );
      const now = new Date();
      made.push({
        roomId: room.id,
        tokens: await Promise.all(users.map((u) => tokens.sign({ sub: u.login_id, uid: u.id, tv: 0 }, now))),
      });
    }
    return made;
  } finally {
    await database.close();
  }
}

export class ChatMember {
  /** every line seen, live or read from the history */
  readonly seen = new Set<number>();
  /** the line ids this member sent and got a RECEIPT for */
  readonly acknowledged = new Set<number | string>();
  /** when each of those RECEIPTs came (performance.now()) */
  readonly acknowledgedAt = new Map<string, number>();
  readonly reconnects: number[] = [];
  /** of each reconnect: the wait before it, the WebSocket handshake, CONNECT + SUBSCRIBE to the receipt */
  readonly phases: Array<{ wait: number; open: number; subscribe: number }> = [];
  moves = 0;
  /** closes without "move" while running (a socket cut) */
  cuts = 0;
  duplicates = 0;
  outOfOrder = 0;
  unacknowledged = 0;
  /** lines sent into a stopping instance without a RECEIPT, sent again after the move (as the web app does) */
  resent = 0;
  errors: string[] = [];
  private readonly toResend: Array<{ id: string; text: string }> = [];
  private ws: WebSocket | null = null;
  private lastLive = 0;
  private running = true;
  private sent = 0;
  private readonly waiting = new Map<string, { text: string; timer: NodeJS.Timeout }>();
  private subscribed = false;
  private opened: () => void = () => {};

  constructor(
    private readonly base: string,
    private readonly token: string,
    readonly roomId: number,
    private readonly tag: string,
  ) {}

  /** Subscribed to the room now (after a reconnect too). */
  get connected() {
    return this.subscribed;
  }

  /** Connects and subscribes; resolves once the subscription is confirmed. */
  start(): Promise<void> {
    const ready = new Promise<void>((resolve) => (this.opened = resolve));
    this.connect(performance.now(), false);
    return ready;
  }

  private connect(since: number, after: boolean) {
    const dialed = performance.now();
    let openedAt = dialed;
    const url = `${this.base.replace(/^http/, 'ws')}/ws/chat/websocket?token=${encodeURIComponent(this.token)}`;
    const ws = new WebSocket(url, { headers: { 'x-forwarded-for': randomIp() }, perMessageDeflate: false });
    this.ws = ws;
    let moved = false;
    ws.on('open', () => {
      openedAt = performance.now();
      ws.send(frameOf('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0' }));
      ws.send(frameOf('SUBSCRIBE', { id: 'room', destination: `/topic/chat/${this.roomId}`, receipt: 'subscribed' }));
    });
    ws.on('message', (data) => {
      const frame = parse(String(data));
      if (frame.command === 'MESSAGE') {
        const line = JSON.parse(frame.body) as ChatLine;
        if (this.seen.has(line.messageId) && line.messageId <= this.lastLive) this.duplicates++;
        else if (line.messageId < this.lastLive) this.outOfOrder++;
        this.lastLive = Math.max(this.lastLive, line.messageId);
        this.seen.add(line.messageId);
      } else if (frame.command === 'RECEIPT') {
        const id = frame.headers['receipt-id'];
        if (id === 'subscribed') {
          this.subscribed = true;
          if (after) {
            const now = performance.now();
            this.reconnects.push(now - since);
            this.phases.push({ wait: dialed - since, open: openedAt - dialed, subscribe: now - openedAt });
          }
          void this.catchUp();
          this.opened();
          for (const { id, text } of this.toResend.splice(0)) {
            this.resent++;
            this.sendLine(id, text);
          }
        } else if (this.waiting.has(id)) {
          clearTimeout(this.waiting.get(id)!.timer);
          this.waiting.delete(id);
          this.acknowledged.add(id);
          this.acknowledgedAt.set(id, performance.now());
        }
      } else if (frame.command === 'ERROR') {
        if (frame.headers.reconnect === 'true') {
          moved = true;
          this.moves++;
        } else this.errors.push(frame.headers.message ?? frame.body);
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.subscribed = false;
      // a SEND whose RECEIPT never came before a move was not stored (a stopping instance answers every SEND it read
      // before its ERROR): sent again on the next socket; after a cut it may have been stored, so it is not
      for (const [id, { text, timer }] of this.waiting) {
        clearTimeout(timer);
        if (moved && this.running) this.toResend.push({ id, text });
        else this.unacknowledged++;
      }
      this.waiting.clear();
      if (!this.running) return;
      if (!moved) this.cuts++;
      const closedAt = performance.now();
      setTimeout(() => this.connect(closedAt, true), moved ? Math.random() * 500 : 500 + Math.random() * 500);
    });
  }

  /** The history after the last line seen live (newest first, 50 a page), merged; a failed read is tried again. */
  private async catchUp() {
    const after = this.lastLive;
    let before: number | undefined;
    for (let page = 0, tries = 0; page < 10; page++) {
      const query = before ? `?before=${before}` : '';
      const res = await fetch(`${this.base}/api/chat/rooms/${this.roomId}/messages${query}`, {
        headers: { authorization: `Bearer ${this.token}`, 'x-forwarded-for': randomIp() },
      }).catch(() => null);
      if (!res?.ok) {
        this.errors.push(`history ${res?.status ?? 'unreachable'}`);
        if (++tries > 5) return;
        page--;
        await sleep(500);
        continue;
      }
      const lines = (await res.json()) as ChatLine[];
      const newer = lines.filter((l) => l.messageId > after);
      for (const l of newer) this.seen.add(l.messageId);
      if (newer.length < lines.length || lines.length === 0) return;
      before = lines[lines.length - 1].messageId;
    }
  }

  /** One line with a receipt, if subscribed now (the web app's send button is off while the link is down). */
  send() {
    if (!this.subscribed || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    const id = `${this.tag}-${++this.sent}`;
    this.sendLine(id, `훈련 ${id}`);
  }

  private sendLine(id: string, text: string) {
    if (!this.ws) return;
    const timer = setTimeout(() => {
      this.waiting.delete(id);
      this.unacknowledged++;
    }, 10_000);
    this.waiting.set(id, { text, timer });
    this.ws.send(
      frameOf(
        'SEND',
        { destination: '/app/chat.sendMessage', 'content-type': 'application/json', receipt: id },
        JSON.stringify({ chatRoomId: this.roomId, message: text }),
      ),
    );
  }

  async stop() {
    this.running = false;
    for (let i = 0; i < 100 && this.waiting.size > 0; i++) await sleep(50);
    this.ws?.close();
  }
}
