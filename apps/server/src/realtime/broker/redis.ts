import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Broker, BrokerEvent } from './types.js';

const DEFAULT_CHANNEL = 'chat:events';

/**
 * Several instances: every event is applied locally at once and published on one Redis channel, so the
 * others apply it too (one channel keeps a drop, the line after it and the kick push in order). When Redis is
 * away, local sockets keep working, publishes are dropped rather than queued, and the outage is logged once.
 * What was dropped is recovered when Redis is back: an instance whose subscription was interrupted
 * resubscribes and then tells its hub to `resync` (read each room's tail from the database); an instance that
 * failed to publish tells every other instance to `resync` as soon as it can publish again.
 */
export class RedisBroker implements Broker {
  private readonly instanceId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private handler: (event: BrokerEvent) => void = () => {};
  private down = false;
  /** the subscription was interrupted: events may have passed us by */
  private subLost = false;
  /** a publish failed: the others may have missed events */
  private publishFailed = false;
  private readonly subscribed: Promise<boolean>;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    /** instances that share a Redis must share the channel; tests use their own */
    private readonly channel = DEFAULT_CHANNEL,
  ) {
    const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(n * 200, 2000) };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, { ...options, enableOfflineQueue: true });
    for (const conn of [this.pub, this.sub]) {
      conn.on('error', (err: Error) => this.markDown(err));
      conn.on('ready', () => this.markUp());
    }
    this.sub.on('close', () => (this.subLost = true));
    this.sub.on('ready', () => {
      if (this.subLost) void this.resubscribe();
    });
    this.pub.on('ready', () => this.resyncOthers());
    this.subscribed = this.sub.subscribe(this.channel).then(
      () => true,
      (err: Error) => {
        this.markDown(err);
        return false;
      },
    );
    this.sub.on('message', (_channel: string, raw: string) => {
      let parsed: { from: string; event: BrokerEvent };
      try {
        parsed = JSON.parse(raw) as { from: string; event: BrokerEvent };
      } catch {
        return;
      }
      if (parsed.from !== this.instanceId) this.handler(parsed.event);
    });
  }

  /** Resolves once both connections are ready and subscribed (tests and benchmarks wait for it). */
  async ready(): Promise<void> {
    const isReady = () => this.pub.status === 'ready' && this.sub.status === 'ready';
    for (let i = 0; i < 100 && !isReady(); i++) await new Promise((r) => setTimeout(r, 50));
    if (!isReady() || !(await this.subscribed)) throw new Error('Redis is not reachable');
  }

  /** Both connections are up (the subscriber has resubscribed by then). */
  isUp(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  publish(event: BrokerEvent): void {
    // on its way to the other instances first: delivering to the local sockets takes a few milliseconds per
    // message in a large room, which the other instances' subscribers would otherwise wait on as well
    this.send(event);
    this.handler(event);
  }

  onEvent(handler: (event: BrokerEvent) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }

  private send(event: BrokerEvent) {
    this.pub.publish(this.channel, JSON.stringify({ from: this.instanceId, event })).then(
      () => this.resyncOthers(),
      (err: Error) => {
        this.publishFailed = true;
        this.markDown(err);
      },
    );
  }

  private resyncOthers() {
    if (!this.publishFailed) return;
    this.publishFailed = false;
    this.send({ type: 'resync' });
  }

  /** ioredis resubscribes on its own too; this one tells us when the subscription is in place again. */
  private async resubscribe() {
    this.subLost = false;
    try {
      await this.sub.subscribe(this.channel);
    } catch {
      this.subLost = true; // the next 'ready' tries again
      return;
    }
    this.handler({ type: 'resync' });
  }

  private markDown(err: Error) {
    if (this.down) return;
    this.down = true;
    this.log.error({ err: err.message }, 'chat broker: Redis unavailable; delivering to local sockets only until it returns');
  }

  private markUp() {
    if (!this.down) return;
    this.down = false;
    this.log.info('chat broker: Redis is back; fan-out to other instances resumed');
  }
}
