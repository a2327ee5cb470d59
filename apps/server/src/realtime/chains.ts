import type { FastifyBaseLogger } from 'fastify';
import type { BrokerEvent } from './broker/types.js';

export type MessageEvent = Extract<BrokerEvent, { type: 'message' }>;

/** Where a chained destination's stored messages are read from (chat registers it: the database). */
export interface ChainSource {
  /** whether the destination's messages form a chain (each names the one before it) */
  chained(destination: string): boolean;
  /** the newest stored message id (0 when none): where a new local subscription starts */
  newest(destination: string): Promise<number>;
  /**
   * At most `limit` stored messages after `afterId`, oldest first, and the users who may still receive them
   * (a removal that happened while Redis was away must not let a removed user read the filled lines).
   */
  after(destination: string, afterId: number, limit: number): Promise<{ messages: MessageEvent[]; allowed: Set<number> }>;
}

/** What the chains need of the hub. */
export interface ChainTarget {
  deliver(event: MessageEvent): void;
  /** removes the local subscriptions to `destination` of users outside `allowed` */
  retain(destination: string, allowed: Set<number>): void;
}

/**
 * How long a message that skipped ahead waits for the one before it on Redis before the gap is read from the
 * database instead. Out-of-order arrivals from two instances close within a Redis hop (well under a
 * millisecond to a few); only a lost message waits this long.
 */
export const GAP_WAIT_MS = 200;
/** after a failed read (database away) the gap is tried again this much later */
const RETRY_MS = 1000;
/** messages read per query while filling; a longer gap takes more queries, in order */
export const FILL_BATCH = 500;

interface Chain {
  /** the newest message id delivered here (null until the starting point is known) */
  last: number | null;
  /** the newest id delivered while the starting point was being read */
  seen: number;
  /** messages that skipped ahead, by id */
  waiting: Map<number, MessageEvent>;
  timer?: NodeJS.Timeout;
  filling: boolean;
  /** another fill was asked for while one ran */
  again: boolean;
}

/**
 * Per destination with local subscribers: the last message id delivered on this instance. A message whose
 * `prev` is newer than that shows a gap (lost on Redis, or still on its way): it waits GAP_WAIT_MS for the
 * missing ones, then the gap is read from the database and delivered in id order, each message once, before
 * anything newer. `catchUp()` (the Redis subscription came back) reads every chain's tail at once.
 */
export class Chains {
  private readonly chains = new Map<string, Chain>();
  private source: ChainSource | null = null;

  constructor(
    private readonly target: ChainTarget,
    private readonly log?: FastifyBaseLogger,
  ) {}

  useSource(source: ChainSource) {
    this.source = source;
  }

  isChained(destination: string): boolean {
    return this.source?.chained(destination) ?? false;
  }

  /** A local subscription to `destination` began: start its chain at the newest stored message. */
  track(destination: string) {
    if (!this.source || this.chains.has(destination) || !this.source.chained(destination)) return;
    const chain: Chain = { last: null, seen: 0, waiting: new Map(), filling: false, again: false };
    this.chains.set(destination, chain);
    this.source.newest(destination).then(
      (newest) => {
        if (this.chains.get(destination) === chain) chain.last = Math.max(newest, chain.seen);
      },
      (err: unknown) => {
        // the first message that arrives becomes the starting point instead
        this.log?.warn({ err, destination }, 'chat chain: could not read the newest message');
      },
    );
  }

  /** The last local subscriber left. */
  forget(destination: string) {
    const chain = this.chains.get(destination);
    if (chain?.timer) clearTimeout(chain.timer);
    this.chains.delete(destination);
  }

  /** A chained message (from this instance or another). */
  receive(event: MessageEvent) {
    const chain = this.chains.get(event.destination);
    if (!chain) return; // nobody here subscribes
    const { id, prev } = event.seq!;
    if (chain.last === null) {
      chain.seen = Math.max(chain.seen, id);
      this.target.deliver(event);
      return;
    }
    if (id <= chain.last) return; // delivered already (a fill read it first)
    if (chain.filling || prev > chain.last) {
      chain.waiting.set(id, event);
      if (!chain.filling) chain.timer ??= setTimeout(() => this.fill(event.destination), GAP_WAIT_MS);
      return;
    }
    this.target.deliver(event);
    chain.last = id;
    this.drain(event.destination, chain);
  }

  /** Reads every chain's tail from the database (the Redis subscription was interrupted). */
  catchUp() {
    for (const destination of this.chains.keys()) this.fill(destination);
  }

  close() {
    for (const chain of this.chains.values()) if (chain.timer) clearTimeout(chain.timer);
    this.chains.clear();
  }

  /** Delivers the waiting messages that now follow on; keeps waiting for the rest. */
  private drain(destination: string, chain: Chain) {
    for (const id of [...chain.waiting.keys()].sort((x, y) => x - y)) {
      const event = chain.waiting.get(id)!;
      if (id <= chain.last!) chain.waiting.delete(id);
      else if (event.seq!.prev <= chain.last!) {
        chain.waiting.delete(id);
        this.target.deliver(event);
        chain.last = id;
      } else break;
    }
    if (chain.waiting.size === 0 && chain.timer) {
      clearTimeout(chain.timer);
      chain.timer = undefined;
    }
  }

  private fill(destination: string) {
    const chain = this.chains.get(destination);
    if (!chain || !this.source || chain.last === null) return;
    if (chain.filling) {
      chain.again = true;
      return;
    }
    if (chain.timer) clearTimeout(chain.timer);
    chain.timer = undefined;
    chain.filling = true;
    chain.again = false;
    this.source.after(destination, chain.last, FILL_BATCH).then(
      ({ messages, allowed }) => {
        if (this.chains.get(destination) !== chain) return;
        chain.filling = false;
        this.target.retain(destination, allowed);
        for (const event of messages) {
          if (event.seq!.id <= chain.last!) continue;
          this.target.deliver(event);
          chain.last = event.seq!.id;
        }
        this.drain(destination, chain);
        if (chain.again || messages.length === FILL_BATCH) this.fill(destination);
        else if (chain.waiting.size > 0) chain.timer ??= setTimeout(() => this.fill(destination), GAP_WAIT_MS);
      },
      (err: unknown) => {
        if (this.chains.get(destination) !== chain) return;
        chain.filling = false;
        this.log?.warn({ err, destination }, 'chat chain: could not read the gap; trying again');
        chain.timer ??= setTimeout(() => this.fill(destination), RETRY_MS);
      },
    );
  }
}
