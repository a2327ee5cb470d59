import { ConcurrencyLimit } from './concurrency-limit.js';
import { EVERYTHING } from './public-changes.js';

interface Entry {
  /** the eviction count when its load started */
  stamp: number;
  expires: number;
  tags: readonly string[];
  value: unknown;
}

/** How long an eviction is remembered past the TTL (a load running longer than this is cut by the statement limit). */
const EVICTION_MEMORY_MS = 60_000;
const MAX_REMEMBERED_EVICTIONS = 10_000;

/**
 * A short-lived in-process cache of public reads (post lists, searches, popular, details, link cards) that stays
 * correct: each entry names the tags of what it holds (lib/public-changes.ts), and a change published for one of
 * them makes it stale at once.
 *
 * - Writes publish what they touched after commit, on this instance synchronously (the writer's next read is
 *   fresh) and, with REDIS_URL, on the others through Redis. A write that touches nothing public evicts nothing.
 * - A load that an eviction of one of its tags overtook is served to its callers but not stored: it may have
 *   read the rows before the commit.
 * - Entries also expire after `ttlMs` (READ_CACHE_TTL, 30 s), which bounds what an instance cannot see (a lost
 *   Redis message, a hand-made change in the database) and how long a view count may lag on cached pages.
 *   `READ_CACHE=off` (ttlMs 0) turns it off.
 * - Concurrent misses of one key share one load.
 * - At most `databaseLoads` loads that read the database (`query`, `json`) run at once, so a burst of misses (cold
 *   searches) cannot take every pooled connection from the writes and signed-in reads. With the
 *   cache off they still queue there.
 */
export class ReadCache {
  /** counts evictions; an entry is stale when one of its tags was evicted after its load started */
  private stamp = 0;
  private everythingEvictedAt = 0;
  private readonly evictedAt = new Map<string, { stamp: number; at: number }>();
  private readonly entries = new Map<string, Entry>();
  /** loads under way, so concurrent misses of one key share one database read */
  private readonly loading = new Map<string, { stamp: number; tags: readonly string[]; value: Promise<unknown> }>();

  private readonly databaseLoads: ConcurrencyLimit;

  constructor(
    private readonly ttlMs = 30_000,
    databaseLoads = 5,
    private readonly maxEntries = 5000,
  ) {
    this.databaseLoads = new ConcurrencyLimit(databaseLoads);
  }

  /**
   * `get` for a load that reads the database itself: it waits for one of the `databaseLoads` slots. A load that
   * reads the cache again (a rendered page, a link card) must use `get`, or loads could wait on each other forever.
   */
  query<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    return this.get(key, tags, () => this.databaseLoads.run(load));
  }

  /** The cached value of `key`, or `load()`'s, stored unless one of `tags` was evicted while it loaded. */
  async get<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    if (this.ttlMs === 0) return load();
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now && this.fresh(hit.stamp, hit.tags)) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending && this.fresh(pending.stamp, pending.tags)) return pending.value as Promise<T>;
    const stamp = this.stamp;
    const value = load();
    this.loading.set(key, { stamp, tags, value });
    try {
      const loaded = await value;
      if (this.fresh(stamp, tags)) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { stamp, expires: now + this.ttlMs, tags, value: loaded });
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
  json(key: string, tags: readonly string[], load: () => Promise<unknown>): Promise<Buffer> {
    return this.query(key, tags, async () => Buffer.from(JSON.stringify(await load())));
  }

  /**
   * Changes a stored object in place (a view count on a cached detail), keeping it cached; a load under way is
   * changed once it arrives, as it may have read the row before the change.
   */
  update<T>(key: string, change: (value: T) => void) {
    const entry = this.entries.get(key);
    if (entry && this.fresh(entry.stamp, entry.tags)) change(entry.value as T);
    const pending = this.loading.get(key);
    if (pending)
      pending.value.then(
        (value) => change(value as T),
        () => undefined,
      );
  }

  /** The stored, fresh value of `key`, never loading (a write that can use it when it is there). */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    const usable = entry !== undefined && entry.expires > performance.now() && this.fresh(entry.stamp, entry.tags);
    return usable ? (entry.value as T) : undefined;
  }

  /** Whether `key` is stored and fresh (tests). */
  has(key: string): boolean {
    return this.peek(key) !== undefined;
  }

  /** Makes every entry holding one of `tags` stale (`*`: every entry); subscribed to PublicChanges. */
  evict(tags: readonly string[]) {
    if (this.ttlMs === 0) return;
    const stamp = ++this.stamp;
    const at = performance.now();
    for (const tag of tags) {
      if (tag === EVERYTHING) {
        this.everythingEvictedAt = stamp;
        this.entries.clear();
        this.loading.clear();
        this.evictedAt.clear();
        return;
      }
      this.evictedAt.set(tag, { stamp, at });
    }
    if (this.evictedAt.size > MAX_REMEMBERED_EVICTIONS) this.forgetOldEvictions(at);
  }

  /** Evicts everything on this instance (tests that move the clock past midnight, for instance). */
  invalidate() {
    this.evict([EVERYTHING]);
  }

  private fresh(stamp: number, tags: readonly string[]): boolean {
    if (this.everythingEvictedAt > stamp) return false;
    for (const tag of tags) {
      const evicted = this.evictedAt.get(tag);
      if (evicted && evicted.stamp > stamp) return false;
    }
    return true;
  }

  /** An eviction older than any entry's life (TTL) and any load's cannot make anything stale any more. */
  private forgetOldEvictions(now: number) {
    const horizon = now - this.ttlMs - EVICTION_MEMORY_MS;
    for (const [tag, { at }] of this.evictedAt) if (at < horizon) this.evictedAt.delete(tag);
  }
}
