import type { BrokerEvent } from './broker/types.js';
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
}

export const MAX_SOCKETS_PER_USER = 10;
/** how long a room message waits for the one before it (from another instance) before it goes anyway */
const REORDER_WAIT_MS = 250;

interface PendingMessage {
  event: Extract<BrokerEvent, { type: 'message' }>;
}

interface RoomOrder {
  last: number;
  /** waiting messages by the id of the message they follow */
  waiting: Map<number, PendingMessage>;
  timer?: NodeJS.Timeout;
}

/**
 * This instance's sockets: who is subscribed to what, by destination and by user. It applies broker events
 * to local sockets only. Room messages carry the id of the room's previous message, so messages stored by
 * different instances are delivered in messageId order even when Redis hands them over out of order.
 */
export class Hub {
  private readonly byUser = new Map<number, Set<HubSession>>();
  private readonly byDestination = new Map<string, Map<HubSession, Set<string>>>();
  private readonly order = new Map<string, RoomOrder>();
  /** MESSAGE frames written to this instance's sockets so far (metrics) */
  delivered = 0;

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
  }

  unsubscribe(session: HubSession, id: string) {
    const destination = session.subscriptions.get(id);
    if (destination === undefined) return;
    session.subscriptions.delete(id);
    const subscribers = this.byDestination.get(destination);
    const ids = subscribers?.get(session);
    ids?.delete(id);
    if (ids?.size === 0) subscribers!.delete(session);
    if (subscribers?.size === 0) this.byDestination.delete(destination);
  }

  apply(event: BrokerEvent) {
    switch (event.type) {
      case 'message':
        if (event.seq) this.inRoomOrder(event);
        else this.deliver(event);
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

  /** Every local session (for shutdown). */
  sessions(): HubSession[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  private deliver(event: Extract<BrokerEvent, { type: 'message' }>) {
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

  private inRoomOrder(event: Extract<BrokerEvent, { type: 'message' }>) {
    const { id, prev } = event.seq!;
    const room = this.order.get(event.destination);
    if (!room) {
      this.order.set(event.destination, { last: id, waiting: new Map() });
      this.deliver(event);
      return;
    }
    if (prev > room.last) {
      room.waiting.set(prev, { event });
      room.timer ??= setTimeout(() => this.flushWaiting(event.destination), REORDER_WAIT_MS);
      return;
    }
    this.deliver(event);
    room.last = Math.max(room.last, id);
    this.drain(event.destination, room);
  }

  private drain(destination: string, room: RoomOrder) {
    for (let next = room.waiting.get(room.last); next; next = room.waiting.get(room.last)) {
      room.waiting.delete(room.last);
      this.deliver(next.event);
      room.last = next.event.seq!.id;
    }
    if (room.waiting.size === 0 && room.timer) {
      clearTimeout(room.timer);
      room.timer = undefined;
    }
  }

  /** The previous message never came (lost while Redis was away): deliver what waits, in id order. */
  private flushWaiting(destination: string) {
    const room = this.order.get(destination);
    if (!room) return;
    room.timer = undefined;
    const waiting = [...room.waiting.values()].sort((a, b) => a.event.seq!.id - b.event.seq!.id);
    room.waiting.clear();
    for (const { event } of waiting) {
      this.deliver(event);
      room.last = Math.max(room.last, event.seq!.id);
    }
  }

  close() {
    for (const room of this.order.values()) if (room.timer) clearTimeout(room.timer);
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
