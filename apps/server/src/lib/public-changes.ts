import type { Redis } from 'ioredis';
import type { PostKind } from '../db/schema/index.js';
import { closeRedis } from './redis.js';

/**
 * What a committed write changed that anyone may read without signing in, named by tags. Whatever keeps a copy
 * of public data (the read cache, later server-rendered HTML) subscribes and drops the copies that depend on a
 * published tag; a write publishes the tags it touched once its transaction has committed. Writes that touch
 * nothing public (쪽지, chat, schedules, read logs, login state, bookmarks) publish nothing.
 *
 * | tag | what depends on it |
 * |---|---|
 * | `post:{id}` | that post shown alone: its detail, its link card |
 * | `list:{kind}` | the kind's pages, searches and popular |
 * | `ranked:{kind}` | what the kind orders by views: popular and `order=views` pages |
 * | `tags` | the recruitments' popular tech stacks |
 * | `board:{id}` | that board post shown alone |
 * | `boards` | the board pages, searches and popular |
 * | `showcase:{groupId}` | that completed group's showcase shown alone: its page, its read, its card |
 * | `showcases` | the showcase list pages, each showcase page and card (they name their post), the sitemap's showcase entries |
 * | `*` | everything (a nickname or a contact changes, a withdrawal: names shown across every list) |
 */
export const EVERYTHING = '*';

const POST_KINDS: PostKind[] = ['RECRUITMENT', 'STUDY_GROUP'];

export const publicTags = {
  post: (id: number) => `post:${id}`,
  list: (kind: PostKind) => `list:${kind}`,
  ranked: (kind: PostKind) => `ranked:${kind}`,
  popularStacks: 'tags',
  board: (id: number) => `board:${id}`,
  boards: 'boards',
  showcase: (groupId: number) => `showcase:${groupId}`,
  showcases: 'showcases',
} as const;

/** What a write touched, in the tags above. */
export const touched = {
  /** a post's own fields or member count; without its kind, the lists of both kinds */
  post: (id: number, kind?: PostKind) => [publicTags.post(id), ...(kind ? [kind] : POST_KINDS).map(publicTags.list)],
  /** a post's tech stacks too (recruitments only have them) */
  postWithStacks: (id: number, kind: PostKind) => [...touched.post(id, kind), publicTags.popularStacks],
  /** a post hidden or restored: everything an edit touches, and the showcases, which name their post */
  postHidden: (id: number, kind: PostKind) => [...touched.postWithStacks(id, kind), publicTags.showcases],
  /**
   * a counted view changes the order by views (popular, `order=views` pages); the cached detail takes the new count
   * in place and the other pages show it within the TTL, so views (the most frequent write) leave them cached
   */
  postViews: (kind: PostKind) => [publicTags.ranked(kind)],
  board: (id: number) => [publicTags.board(id), publicTags.boards],
  /**
   * what a completed group shows publicly changed: completion, the showcase switch, a member's consent, its
   * name, its deletion (its page, its read, the list pages, the sitemap)
   */
  showcase: (groupId: number) => [publicTags.showcase(groupId), publicTags.showcases],
  everything: [EVERYTHING],
};

export type ChangeListener = (changed: readonly string[]) => void;

/**
 * Delivers published tags to this instance's subscribers at once (so a writer's next read is fresh) and, with
 * Redis, to every other instance's, which receive them within milliseconds (the TTL of each copy bounds what a
 * lost message leaves unseen).
 */
export class PublicChanges {
  private readonly listeners = new Set<ChangeListener>();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private readonly instance = Math.random().toString(36).slice(2);

  constructor(private readonly channel = CHANNEL) {}

  /** Calls `listener` with every published set of tags, from this instance and the others; returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Call only after the write's transaction committed (inline after it, or from `scope.afterCommit`). */
  publish(changed: readonly string[]) {
    if (changed.length === 0) return;
    this.deliver(changed);
    if (this.publisher) {
      const message = JSON.stringify({ from: this.instance, tags: changed });
      void this.publisher.publish(this.channel, message).catch(() => undefined);
    }
  }

  /** Shares changes with the other instances through Redis pub/sub. */
  async share(publisher: Redis, subscriber: Redis) {
    this.publisher = publisher;
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const parsed = parseMessage(message);
      if (parsed && parsed.from !== this.instance) this.deliver(parsed.tags);
    });
    await subscriber.subscribe(this.channel);
  }

  async close() {
    if (this.subscriber) await closeRedis(this.subscriber);
    if (this.publisher) await closeRedis(this.publisher);
  }

  private deliver(changed: readonly string[]) {
    for (const listener of this.listeners) listener(changed);
  }
}

const CHANNEL = 'public-changes';

function parseMessage(message: string): { from: string; tags: string[] } | null {
  try {
    const parsed = JSON.parse(message) as { from?: unknown; tags?: unknown };
    if (typeof parsed.from !== 'string' || !Array.isArray(parsed.tags)) return null;
    return { from: parsed.from, tags: parsed.tags.filter((t): t is string => typeof t === 'string') };
  } catch {
    return null;
  }
}
