import type { FastifyBaseLogger } from 'fastify';
import type { BrokerEvent } from './broker/types.js';
import { Chains, type MessageEvent } from './chains.js';
import { escapeHeader } from './codec.js';

/** What the hub needs of a session (sessions.ts). */
export interface HubSession {
  readonly userId: number;
  /** subscription id -> destination */
  readonly subscriptions: Map<string, string>;
  write(frame: string): void;
  close(): void;
  /** stops reading and handles what was received (shutdown) */
  drain?(): Promise<void>;
  /** tells the client to connect again, then closes (shutdown) */
  moveAway?(): void;
}

export const MAX_SOCKETS_PER_USER = 10;

/**
 * This instance's sockets: who is subscribed to what, by destination and by user. It applies broker events
 * to local sockets only. Room messages carry the id of the room's previous message: `chains` delivers them in
 * messageId order, each once, filling gaps from the database (./chains.ts).
 */
export class Hub {
  private readonly byUser = new Map<number, Set<HubSession>>();
  private readonly byDestination = new Map<string, Map<HubSession, Set<string>>>();
  readonly chains: Chains;
  /** MESSAGE frames written to this instance's sockets so far (metrics) */
  delivered = 0;

  constructor(log?: FastifyBaseLogger) {
    this.chains = new Chains(
      { deliver: (event) => this.deliver(event), retain: (destination, allowed) => this.retain(destination, allowed) },
      log,
    );
  }

  get sessionCount() {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Registers a session; beyond the per-user limit the user's oldest socket is closed. */
  add(session: HubSession) {
    const set = this.byUser.get(session.userId) ?? new Set();
    this.byUser.set(session.userId, set);
    set.add(session);
    while (set.size > MAX_SOCKETS_PER_USER) {
      const oldest = set.values().next().value as HubSession;
      this.remove(oldest);
      oldest.close();
    }
  }

  remove(session: HubSession) {
    for (const id of [...session.subscriptions.keys()]) this.unsubscribe(session, id);
    const set = this.byUser.get(session.userId);
    set?.delete(session);
    if (set?.size === 0) this.byUser.delete(session.userId);
  }

  subscribe(session: HubSession, id: string, destination: string) {
    if (session.subscriptions.has(id)) this.unsubscribe(session, id);
    session.subscriptions.set(id, destination);
    const subscribers = this.byDestination.get(destination) ?? new Map<HubSession, Set<string>>();
    this.byDestination.set(destination, subscribers);
    const ids = subscribers.get(session) ?? new Set<string>();
    subscribers.set(session, ids);
    ids.add(id);
    this.chains.track(destination);
  }

  unsubscribe(session: HubSession, id: string) {
    const destination = session.subscriptions.get(id);
    if (destination === undefined) return;
    session.subscriptions.delete(id);
    const subscribers = this.byDestination.get(destination);
    const ids = subscribers?.get(session);
    ids?.delete(id);
    if (ids?.size === 0) subscribers!.delete(session);
    if (subscribers?.size === 0) {
      this.byDestination.delete(destination);
      this.chains.forget(destination);
    }
  }

  apply(event: BrokerEvent) {
    switch (event.type) {
      case 'message':
        if (event.seq && this.chains.isChained(event.destination)) this.chains.receive(event);
        else this.deliver(event);
        return;
      case 'resync':
        this.chains.catchUp();
        return;
      case 'drop':
        for (const session of this.byUser.get(event.userId) ?? []) {
          for (const [id, destination] of [...session.subscriptions])
            if (destination === event.destination) this.unsubscribe(session, id);
        }
        return;
      case 'push':
        for (const session of this.byUser.get(event.userId) ?? []) {
          for (const [id, destination] of session.subscriptions) {
            if (destination === event.destination) {
              session.write(messageFrame(event.destination, `push-${pushCounter++}`, event.contentType, event.body, id));
              this.delivered++;
            }
          }
        }
        return;
      case 'close':
        for (const session of [...(this.byUser.get(event.userId) ?? [])]) {
          this.remove(session);
          session.close();
        }
        return;
    }
  }

  userIds(): number[] {
    return [...this.byUser.keys()];
  }

  /** Every local session (for shutdown). */
  sessions(): HubSession[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  private deliver(event: MessageEvent) {
    const subscribers = this.byDestination.get(event.destination);
    if (!subscribers) return;
    const head = messageHead(event.destination, event.messageId, event.contentType, event.body);
    const tail = `\n${event.body}\0`;
    for (const [session, ids] of subscribers)
      for (const id of ids) {
        session.write(`${head}subscription:${escapeHeader(id)}\n${tail}`);
        this.delivered++;
      }
  }

  /** Removes the local subscriptions to `destination` of users outside `allowed`. */
  private retain(destination: string, allowed: Set<number>) {
    for (const session of [...(this.byDestination.get(destination)?.keys() ?? [])]) {
      if (allowed.has(session.userId)) continue;
      for (const [id, subscribed] of [...session.subscriptions]) if (subscribed === destination) this.unsubscribe(session, id);
    }
  }

  close() {
    this.chains.close();
  }
}

let pushCounter = 1;

function messageHead(destination: string, messageId: string, contentType: string, body: string) {
  return (
    `MESSAGE\ndestination:${escapeHeader(destination)}\nmessage-id:${escapeHeader(messageId)}\n` +
    `content-type:${contentType}\ncontent-length:${Buffer.byteLength(body)}\n`
  );
}

export function messageFrame(destination: string, messageId: string, contentType: string, body: string, subscription: string) {
  return `${messageHead(destination, messageId, contentType, body)}subscription:${escapeHeader(subscription)}\n\n${body}\0`;
}
