/**
 * The drill's HTTP load through the balancer: readers at a fixed rate (open loop, the live-traffic bench's mix:
 * lists, details, searches, popular; bench/live.ts) and writers (applications, 쪽지, replies) at a fixed rate. Every
 * answer is recorded with when it was sent, so the figures can be cut before and during the roll.
 */
import http from 'node:http';
import { readerPath, type Target } from '../live.js';
import { randomIp } from '../random.js';

export interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  what: string;
  /** the HTTP status, -1 when no answer came (refused, reset, timed out) */
  status: number;
  /** the app's X-Error-Code, 'balancer' for an answer without one */
  code?: string;
  /** with `keepWrites`: an acknowledged write's id (applicationId, a 쪽지's messageId, a reply's id) */
  id?: number;
  /** with `keepWrites`: what the write stored (a 쪽지's or reply's content; an application's recruitment id) */
  key?: string;
}

interface Answer {
  status: number;
  code?: string;
  /** the body, when asked for */
  text?: string;
}

/** One request; ok on 2xx. Network errors and non-2xx are failures, reported with their status. */
function request(
  agent: http.Agent,
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  keepBody = false,
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        timeout: 30_000,
        headers: {
          'x-forwarded-for': randomIp(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (keepBody) res.on('data', (chunk: Buffer) => chunks.push(chunk));
        else res.resume();
        // the app names its errors (X-Error-Code); an answer without one is the balancer's
        const code = String(res.headers['x-error-code'] ?? 'balancer');
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, code, ...(keepBody ? { text: Buffer.concat(chunks).toString() } : {}) }),
        );
        res.on('error', () => resolve({ status: -1 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: -1 }));
    req.end(payload);
  });
}

/** Calls `fire` `rate` times a second until `stop()`; resolves when the last call has answered. */
function openLoop(rate: number, fire: (n: number) => Promise<void>) {
  let stopped = false;
  const pending = new Set<Promise<void>>();
  const done = (async () => {
    const start = performance.now();
    for (let n = 0; !stopped; n++) {
      const wait = start + (n * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stopped) break;
      const p = fire(n).finally(() => pending.delete(p));
      pending.add(p);
    }
    await Promise.all(pending);
  })();
  return {
    stop: () => {
      stopped = true;
      return done;
    },
  };
}

export interface Writer {
  token: string;
  nickname: string;
}

export class Traffic {
  readonly samples: Sample[] = [];
  readonly failures: string[] = [];
  private loops: Array<{ stop(): Promise<void> }> = [];
  // idle connections close on this side after 5 s, before HAProxy's keep-alive timeout (10 s) could close one
  // under a request being sent (a race of the client's, not of the deploy: browsers retry such a request)
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 5000 });

  /** `keepWrites`: each acknowledged write's id and what it stored go into its sample (the failover drill checks them) */
  constructor(
    private readonly base: string,
    private readonly keepWrites = false,
  ) {}

  private async timed(what: string, run: () => Promise<Answer>, key?: string) {
    const at = performance.now();
    const { status, code, text } = await run();
    const ok = status >= 200 && status < 300;
    const sample: Sample = { at, ms: performance.now() - at, ok, what, status, code };
    if (ok && text !== undefined) {
      const body = JSON.parse(text) as { applicationId?: number; messageId?: number; id?: number };
      sample.id = body.applicationId ?? body.messageId ?? body.id;
      sample.key = key;
    }
    this.samples.push(sample);
    if (!ok) this.failures.push(`${what} ${status}${status > 0 ? ` ${code}` : ''}`);
  }

  /** `rate` reads a second of the live-traffic mix over `targets`. */
  readers(rate: number, targets: Target[]) {
    this.loops.push(openLoop(rate, () => this.timed('read', () => request(this.agent, this.base, 'GET', readerPath(targets)))));
  }

  /**
   * `rate` writes a second, in turn an application, a 쪽지 and a reply, each writer taking its turn so none goes past
   * its own limits (applications 30 an hour: each writer applies to each post once, walking the writers first).
   */
  writers(rate: number, writers: Writer[], targets: number[], boardId: number) {
    let applications = 0;
    const post = (path: string, token: string, body: unknown) =>
      request(this.agent, this.base, 'POST', path, token, body, this.keepWrites);
    this.loops.push(
      openLoop(rate, (n) => {
        const writer = writers[Math.floor(n / 3) % writers.length];
        const other = writers[(Math.floor(n / 3) + 1) % writers.length];
        switch (n % 3) {
          case 0: {
            const k = applications++;
            const applicant = writers[k % writers.length];
            const target = targets[Math.floor(k / writers.length) % targets.length];
            return this.timed(
              'application',
              () => post('/api/applications', applicant.token, { recruitmentId: target }),
              String(target),
            );
          }
          case 1: {
            const content = `훈련 쪽지 ${n}`;
            return this.timed(
              'message',
              () => post('/api/messages', writer.token, { receiverName: other.nickname, content }),
              content,
            );
          }
          default: {
            const content = `훈련 댓글 ${n}`;
            return this.timed('reply', () => post('/api/replies', writer.token, { boardId, content }), content);
          }
        }
      }),
    );
  }

  async stop() {
    await Promise.all(this.loops.map((l) => l.stop()));
    this.agent.destroy();
  }

  /** Reads sent in [from, to) (performance.now()): count, failures, p50, p99. */
  readFigures(from: number, to: number) {
    const reads = this.samples.filter((s) => s.what === 'read' && s.at >= from && s.at < to);
    const sorted = reads.map((s) => s.ms).sort((a, b) => a - b);
    const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { count: reads.length, failed: reads.filter((s) => !s.ok).length, p50: pct(0.5), p99: pct(0.99) };
  }
}
