import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { TooManyRequests } from './errors.js';
import { closeRedis } from './redis.js';

/** Counts hits in fixed windows. In-process by default; Redis when several instances share limits. */
export interface CounterStore {
  /** Adds one hit; returns the count in the current window and ms until it resets. */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one hit back from the current window, if it is still open. */
  unhit(key: string, nowMs: number): Promise<void>;
  close?(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  async hit(key: string, windowMs: number, nowMs: number) {
    this.sweep(nowMs);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= nowMs) {
      w = { count: 0, resetAt: nowMs + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, resetInMs: w.resetAt - nowMs };
  }

  async unhit(key: string, nowMs: number) {
    const w = this.windows.get(key);
    if (w && w.resetAt > nowMs && w.count > 0) w.count--;
  }

  private sweep(nowMs: number) {
    if (nowMs - this.lastSweep < 60_000) return;
    this.lastSweep = nowMs;
    for (const [k, w] of this.windows) if (w.resetAt <= nowMs) this.windows.delete(k);
  }
}

export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number) {
    const k = `rl:${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
    if (ttl < 0) {
      await this.redis.pexpire(k, windowMs);
      return { count, resetInMs: windowMs };
    }
    return { count, resetInMs: ttl };
  }

  async unhit(key: string) {
    // only while the window exists: a DECR on an expired key would start one at -1 with no expiry
    await this.redis.eval(
      "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then redis.call('decr', KEYS[1]) end return 0",
      1,
      `rl:${key}`,
    );
  }

  async close() {
    await closeRedis(this.redis);
  }
}

/**
 * Redis counters while Redis answers; in-process counters while it is away (each instance then limits on its
 * own), with one log line when it falls back and one when it resumes. Counts made during the outage stay local.
 */
export class FallbackCounterStore implements CounterStore {
  private readonly shared: RedisCounterStore;
  private readonly local = new MemoryCounterStore();
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    this.shared = new RedisCounterStore(redis);
    redis.on('ready', () => this.resume());
  }

  async hit(key: string, windowMs: number, nowMs: number) {
    if (this.redis.status === 'ready') {
      try {
        return await this.shared.hit(key, windowMs);
      } catch (err) {
        this.fallBack(err);
      }
    } else this.fallBack(new Error(`Redis connection ${this.redis.status}`));
    return this.local.hit(key, windowMs, nowMs);
  }

  async unhit(key: string, nowMs: number) {
    if (this.degraded) return this.local.unhit(key, nowMs);
    await this.shared.unhit(key).catch((err: unknown) => this.fallBack(err));
  }

  close() {
    return this.shared.close();
  }

  private fallBack(err: unknown) {
    if (this.degraded) return;
    this.degraded = true;
    this.log.error(
      { err: err instanceof Error ? err.message : String(err) },
      'rate limits: Redis unavailable; counting in this process until it returns',
    );
  }

  private resume() {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info('rate limits: Redis is back; counting in Redis again');
  }
}

export interface Limit {
  /** family name, part of the key */
  name: string;
  max: number;
  windowMs: number;
  /** Only requests that succeed count: one answered with an error (4xx, 5xx) gives its hit back. */
  refundRefused?: boolean;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly now: () => Date,
    /** told of every refusal, by limit family (metrics) */
    private readonly onRefusal: (family: string) => void = () => {},
  ) {}

  /**
   * Counts one hit for each limit; throws 429 with Retry-After when any is over. The counters of
   * `refundRefused` limits are pushed to `refundable` as they are hit (also when it throws).
   */
  async consume(limits: Array<{ limit: Limit; key: string }>, refundable: string[] = []): Promise<void> {
    for (const { limit, key } of limits) {
      const counter = `${limit.name}:${key}`;
      const { count, resetInMs } = await this.store.hit(counter, limit.windowMs, this.now().getTime());
      if (limit.refundRefused) refundable.push(counter);
      if (count > limit.max) {
        this.onRefusal(limit.name);
        throw new TooManyRequests(resetInMs / 1000);
      }
    }
  }

  /** Gives back the hits of a request that was refused. */
  async refund(counters: string[]): Promise<void> {
    for (const counter of counters) await this.store.unhit(counter, this.now().getTime());
  }

  close() {
    return this.store.close?.();
  }
}

/** The families of docs/api.md §1.7, defined once; routes that share a row share a counter. */
export const LIMITS = {
  login: { limit: { name: 'login', max: 10, windowMs: MINUTE }, by: 'ip' },
  register: { limit: { name: 'register', max: 10, windowMs: HOUR, refundRefused: true }, by: 'ip' },
  duplicateCheck: { limit: { name: 'check', max: 30, windowMs: MINUTE }, by: 'ip' },
  /** POST recruitments, study-groups and boards together */
  contentCreate: { limit: { name: 'content-create', max: 20, windowMs: HOUR, refundRefused: true }, by: 'user' },
  apply: { limit: { name: 'apply', max: 30, windowMs: HOUR, refundRefused: true }, by: 'user' },
  reply: { limit: { name: 'reply', max: 25, windowMs: MINUTE, refundRefused: true }, by: 'user' },
  message: { limit: { name: 'message', max: 20, windowMs: MINUTE, refundRefused: true }, by: 'user' },
  /** both …/view routes together */
  view: { limit: { name: 'view', max: 60, windowMs: MINUTE }, by: 'ip' },
  /** both recovery send-code routes together (the per-e-mail limits are counted in the database, features/recovery) */
  sendCode: { limit: { name: 'send-code', max: 20, windowMs: HOUR }, by: 'ip' },
  /** both recovery verify-code routes together (wrong tries per code are counted on the code) */
  verifyCode: { limit: { name: 'verify-code', max: 30, windowMs: MINUTE }, by: 'ip' },
  changePassword: { limit: { name: 'change-password', max: 10, windowMs: MINUTE }, by: 'ip' },
  /** every other route, called with a valid token */
  signedIn: { limit: { name: 'signed-in', max: 600, windowMs: MINUTE }, by: 'user' },
  /** every other route, anonymous GET (one address is often a whole PC방, campus or office behind NAT) */
  anonymousRead: { limit: { name: 'anonymous-read', max: 3000, windowMs: MINUTE }, by: 'ip' },
  /** every other route, anonymous: the other methods */
  anonymousWrite: { limit: { name: 'anonymous-write', max: 300, windowMs: MINUTE }, by: 'ip' },
} as const satisfies Record<string, { limit: Limit; by: 'ip' | 'user' }>;

/** The family of a route without one of its own: per user with a valid token, else per address by method. */
export function otherRouteLimit(method: string, signedIn: boolean) {
  if (signedIn) return LIMITS.signedIn;
  return method === 'GET' || method === 'HEAD' ? LIMITS.anonymousRead : LIMITS.anonymousWrite;
}
