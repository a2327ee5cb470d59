/**
 * The writing side of the live-traffic case (bench/live.ts), in a worker thread of its own: a writer is another
 * client than the 50 readers, so its answers are not read late by the readers' event loop. In turn: a view by a new
 * visitor, an application, a board reply, a 쪽지 and a chat line (STOMP SEND with a receipt), each kind at a fifth
 * of the rate, open loop, each counted as acknowledged on 2xx (or its RECEIPT within 10 s).
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { randomIp } from './random.js';

export const KINDS = ['view', 'application', 'reply', 'message', 'chat'] as const;
export type WriteKind = (typeof KINDS)[number];

export interface WriteJob {
  base: string;
  writers: Array<{ token: string; nickname: string }>;
  roomId: number;
  boardId: number;
  /** posts open for applications */
  targets: number[];
  rate: number;
  seconds: number;
  applicationOffset: number;
}

export interface WriteFigures {
  sent: number;
  acknowledged: number;
  p50: number;
  p99: number;
  perKind: Record<WriteKind, string>;
}

/** A STOMP session of one writer; `send` resolves with the latency of its RECEIPT. */
class ChatWriter {
  private readonly waiting = new Map<string, () => void>();
  private n = 0;
  readonly ready: Promise<void>;
  private readonly ws: WebSocket;

  constructor(wsBase: string, token: string, roomId: number) {
    this.ws = new WebSocket(`${wsBase}/ws/chat/websocket?token=${token}`, {
      headers: { 'x-forwarded-for': randomIp() },
      perMessageDeflate: false,
    });
    this.ready = new Promise((resolve, reject) => {
      this.ws.on('error', reject);
      this.ws.on('open', () => {
        this.ws.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
        this.ws.send(`SUBSCRIBE\nid:sub-0\ndestination:/topic/chat/${roomId}\nreceipt:ready\n\n\0`);
      });
      this.ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (!text.startsWith('RECEIPT')) return;
        const id = /receipt-id:([^\n]+)/.exec(text)?.[1];
        if (id === 'ready') resolve();
        else if (id) this.waiting.get(id)?.();
      });
    });
  }

  send(roomId: number): Promise<boolean> {
    const id = `w${++this.n}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(false);
      }, 10_000);
      this.waiting.set(id, () => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(true);
      });
      const body = JSON.stringify({ chatRoomId: roomId, message: `라이브 ${id}` });
      this.ws.send(`SEND\ndestination:/app/chat.sendMessage\ncontent-type:application/json\nreceipt:${id}\n\n${body}\0`);
    });
  }

  close() {
    this.ws.close();
  }
}

async function writeAtRate(job: WriteJob): Promise<WriteFigures> {
  const { base, writers, roomId, boardId, targets, rate, seconds } = job;
  const wsBase = base.replace(/^http/, 'ws');
  const chatters = writers.slice(0, 10).map((w) => new ChatWriter(wsBase, w.token, roomId));
  await Promise.all(chatters.map((c) => c.ready));
  const latencies: number[] = [];
  const byKind = Object.fromEntries(KINDS.map((k) => [k, { sent: 0, ok: 0, latencies: [] as number[] }])) as Record<
    WriteKind,
    { sent: number; ok: number; latencies: number[] }
  >;
  let n = 0;
  let applications = job.applicationOffset;

  const post = async (path: string, token: string | null, body?: unknown) => {
    const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), 'user-agent': `live-${Math.random()}` };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.ok;
  };
  // each kind takes its writers in turn, so no writer goes past its own limits (SEND 10 per 5 s, applications per hour)
  const write = async (kind: WriteKind): Promise<boolean> => {
    const turn = byKind[kind].sent;
    const writer = writers[turn % writers.length];
    const other = writers[(turn + 1) % writers.length];
    switch (kind) {
      case 'view':
        return post(`/api/base-posts/${targets[(Math.random() * targets.length) | 0]}/view`, null);
      case 'application': {
        // each writer applies to each post at most once: pairs walk the writers first, then the posts
        const k = applications++;
        const applicant = writers[k % writers.length];
        const target = targets[Math.floor(k / writers.length) % targets.length];
        return post('/api/applications', applicant.token, { recruitmentId: target });
      }
      case 'reply':
        return post('/api/replies', writer.token, { boardId, content: `라이브 댓글 ${n}` });
      case 'message':
        return post('/api/messages', writer.token, { receiverName: other.nickname, content: `라이브 쪽지 ${n}` });
      case 'chat':
        return chatters[turn % chatters.length].send(roomId);
    }
  };

  // one uncounted write of each kind first: the readers' connections are open before their clock starts, and so are
  // the writer's (and the code each write runs is compiled)
  for (const kind of KINDS) await write(kind).catch(() => false);
  for (const kind of KINDS) byKind[kind].sent = 0;
  parentPort?.postMessage({ ready: true });

  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const kind = KINDS[i % KINDS.length];
    n = i;
    byKind[kind].sent++;
    const sentAt = performance.now();
    pending.push(
      write(kind)
        .catch(() => false)
        .then((ok) => {
          const took = performance.now() - sentAt;
          if (ok) byKind[kind].ok++;
          latencies.push(took);
          byKind[kind].latencies.push(took);
        }),
    );
  }
  await Promise.all(pending);
  for (const c of chatters) c.close();
  const at = (q: number, values = latencies) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  };
  return {
    sent: KINDS.reduce((s, k) => s + byKind[k].sent, 0),
    acknowledged: KINDS.reduce((s, k) => s + byKind[k].ok, 0),
    p50: at(0.5),
    p99: at(0.99),
    perKind: Object.fromEntries(
      KINDS.map((k) => [k, `${byKind[k].ok}/${byKind[k].sent} p99 ${at(0.99, byKind[k].latencies).toFixed(0)} ms`]),
    ) as Record<WriteKind, string>,
  };
}

if (parentPort && workerData) parentPort.postMessage({ figures: await writeAtRate(workerData as WriteJob) });
