import type { Redis } from 'ioredis';
import { closeRedis } from './redis.js';

/**
 * A short-lived in-process cache of public reads (post lists, searches, popular, details) that stays correct:
 * every entry belongs to a generation, and every write ends the generation, so a cached answer is never
 * older than the last write this instance saw.
 *
 * - A write statement ends the generation when the database client sees it (`noteStatement`), and a
 *   request that may write (any method but GET/HEAD) ends it again just before its response is sent, that
 *   is after its transaction committed: a reader that started before the commit captured the older
 *   generation and does not store what it read. So a writer sees its own write on its next request.
 * - With `REDIS_URL`, each end of a generation is published, and the other instances end theirs on receipt.
 * - Entries also expire after `ttlMs` (READ_CACHE_TTL, 30 s), which bounds what a write this instance cannot
 *   see leaves unseen: another instance without REDIS_URL (run several only with Redis, as the rate limits
 *   already require) or a hand-made change in the database. `READ_CACHE=off` (ttlMs 0) turns it off.
 * - Concurrent misses of one key in one generation share one load.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; expires: number; value: unknown }>();
  /** loads under way, so concurrent misses of one key share one database read */
  private readonly loading = new Map<string, { generation: number; value: Promise<unknown> }>();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private readonly instance = Math.random().toString(36).slice(2);

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 5000,
  ) {}

  /** The cached value of `key`, or `load()`'s, stored when no write happened while it loaded. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs === 0) return load();
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation && hit.expires > now) return hit.value as T;
    const generation = this.generation;
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.value as Promise<T>;
    const value = load();
    this.loading.set(key, { generation, value });
    try {
      const loaded = await value;
      if (generation === this.generation) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { generation, expires: now + this.ttlMs, value: loaded });
      }
      return loaded;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  /**
   * For answers that are the same for every viewer: the cached value is the JSON body's bytes, so a hit is
   * sent as it is (lib/reply.ts `sendJsonBody`), with no presenting, serializing or string to collect.
   */
  json(key: string, load: () => Promise<unknown>): Promise<Buffer> {
    return this.get(key, async () => Buffer.from(JSON.stringify(await load())));
  }

  /** Ends the generation: every entry is stale from now on. */
  invalidate(publish = true) {
    this.generation++;
    if (this.entries.size > 0) this.entries.clear();
    if (this.loading.size > 0) this.loading.clear();
    if (publish && this.publisher) void this.publisher.publish(CHANNEL, this.instance).catch(() => undefined);
  }

  /** Called with the text of every statement the database client runs; writes end the generation. */
  noteStatement(text: string) {
    if (isWrite(text)) this.invalidate();
  }

  /** Shares invalidation with the other instances through Redis pub/sub. */
  async share(publisher: Redis, subscriber: Redis) {
    this.publisher = publisher;
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, from: string) => {
      if (from !== this.instance) this.invalidate(false);
    });
    await subscriber.subscribe(CHANNEL);
  }

  async close() {
    if (this.subscriber) await closeRedis(this.subscriber);
    if (this.publisher) await closeRedis(this.publisher);
  }
}

const CHANNEL = 'read-cache:invalidate';
const READS = new Set(['select', 'begin', 'commit', 'rollback', 'set', 'savepoint', 'release', 'show', 'explain']);

/** Whether a statement may change rows (a `WITH` only when it holds a data-modifying verb). */
export function isWrite(text: string): boolean {
  const head = /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  if (READS.has(head)) return false;
  if (head === 'with') return /\b(insert|update|delete|merge)\b/i.test(text);
  return true;
}
