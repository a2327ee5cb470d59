import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type sockjs from 'sockjs';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { RateLimiter } from '../lib/rate-limit.js';
import type { TokenService } from '../lib/tokens.js';
import { SocketAuth } from './auth.js';
import type { Broker } from './broker/types.js';
import { Destinations } from './destinations.js';
import type { ChainSource, MessageEvent } from './chains.js';
import { Hub } from './hub.js';
import { CHAT_PREFIX, mountSockJs } from './mount.js';
import { StompSession } from './sessions.js';

export interface RealtimeDeps {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  broker: Broker;
}

const JSON_TYPE = 'application/json';
/** how long shutdown waits for the frames sessions have received */
const DRAIN_MS = 5000;
const TEXT_TYPE = 'text/plain;charset=utf-8';

/** The broker event of a stored room message (published live, or read again to fill a gap). */
export function roomMessageEvent(destination: string, message: { messageId: number }, prev: number): MessageEvent {
  return {
    type: 'message',
    destination,
    contentType: JSON_TYPE,
    body: JSON.stringify(message),
    messageId: String(message.messageId),
    seq: { id: message.messageId, prev },
  };
}

/**
 * STOMP over SockJS at /ws/chat. Features register destinations; everything that must reach sockets on every
 * instance (room messages, dropped subscriptions, user pushes, closing a user's sockets) goes through the
 * broker, which applies it here and on the other instances.
 */
export class Realtime {
  readonly destinations = new Destinations();
  readonly hub: Hub;
  readonly auth: SocketAuth;
  private readonly owners = new Map<string, { token: string }>();
  private readonly pending = new Set<sockjs.Connection>();
  private readonly resyncListeners: Array<() => void> = [];
  private closing: Promise<void> | null = null;
  /** SockJS connections open now, authenticated or not (metrics) */
  openSockets = 0;

  constructor(private readonly deps: RealtimeDeps) {
    this.auth = new SocketAuth(deps.db, deps.tokens, deps.clock);
    this.hub = new Hub(deps.log);
    deps.broker.onEvent((event) => {
      if (event.type === 'close') this.auth.forget(event.userId);
      this.hub.apply(event);
      if (event.type === 'resync') this.resyncListeners.forEach((listener) => listener());
    });
  }

  /** A room message, stored and committed; `prev` is the id of the room's message before it (0 if none). */
  publishRoomMessage(destination: string, message: { messageId: number }, prev: number) {
    this.deps.broker.publish(roomMessageEvent(destination, message, prev));
  }

  /** Where gaps in room chains are read from (chat: the database). */
  useChainSource(source: ChainSource) {
    this.hub.chains.useSource(source);
  }

  /** Removes the user's subscriptions to `destination` on every socket of every instance. */
  dropSubscriptions(userId: number, destination: string) {
    this.deps.broker.publish({ type: 'drop', userId, destination });
  }

  /** A plain-text MESSAGE on a user queue to every socket of the user that subscribed to it. */
  pushToUser(userId: number, destination: string, text: string) {
    this.deps.broker.publish({ type: 'push', userId, destination, contentType: TEXT_TYPE, body: text });
  }

  /** A JSON MESSAGE on a user's own destination to every socket of the user that subscribed to it. */
  pushJsonToUser(userId: number, destination: string, payload: unknown) {
    this.deps.broker.publish({ type: 'push', userId, destination, contentType: JSON_TYPE, body: JSON.stringify(payload) });
  }

  /**
   * Events may have passed this instance by (its Redis subscription was interrupted, or another instance could not
   * publish): room chains catch up on their own; other features re-announce to their local sockets here.
   */
  onResync(listener: () => void) {
    this.resyncListeners.push(listener);
  }

  /** A JSON MESSAGE on a user's own destination to the user's sockets on this instance only. */
  pushJsonLocally(userId: number, destination: string, payload: unknown) {
    this.hub.apply({ type: 'push', userId, destination, contentType: JSON_TYPE, body: JSON.stringify(payload) });
  }

  /** The users with a socket on this instance. */
  localUserIds(): number[] {
    return this.hub.userIds();
  }

  /** Closes every socket of the user, everywhere (withdrawal, password reset). */
  closeUserSockets(userId: number) {
    this.deps.broker.publish({ type: 'close', userId });
  }

  attach(server: Server, options: { allowedOrigins: string[]; trustProxy: boolean }) {
    mountSockJs(server, {
      auth: this.auth,
      limiter: this.deps.limiter,
      allowedOrigins: options.allowedOrigins,
      trustProxy: options.trustProxy,
      sessionOwner: (id) => this.owners.get(id),
      onConnection: (conn) => this.accept(conn),
    });
  }

  private accept(conn: sockjs.Connection) {
    // stopping: the client tries again, through the load balancer, elsewhere
    if (this.closing) {
      conn.close();
      return;
    }
    const url = new URL(conn.url, 'http://localhost');
    const token = url.searchParams.get('token') ?? '';
    const sessionId = /^\/[^/.]+\/([^/.]+)\/[a-z_]+$/.exec(url.pathname.slice(CHAT_PREFIX.length))?.[1];
    if (sessionId) this.owners.set(sessionId, { token });
    this.pending.add(conn);
    this.openSockets++;

    const early: string[] = [];
    let session: StompSession | null = null;
    let closed = false;
    conn.on('data', (data: string) => (session ? session.receive(data) : early.push(data)));
    conn.on('close', () => {
      closed = true;
      this.openSockets--;
      this.pending.delete(conn);
      if (sessionId) this.owners.delete(sessionId);
      session?.close(true);
    });

    void this.auth.authenticate(token, true).then(
      (identity) => {
        this.pending.delete(conn);
        if (closed) return;
        if (!identity) {
          conn.close();
          return;
        }
        const transport = { write: (data: string) => void conn.write(data), close: () => void conn.close() };
        session = new StompSession(transport, identity, {
          hub: this.hub,
          destinations: this.destinations,
          auth: this.auth,
          log: this.deps.log,
        });
        for (const data of early.splice(0)) session.receive(data);
      },
      (err: unknown) => {
        this.deps.log.error({ err }, 'socket authentication failed');
        conn.close();
      },
    );
  }

  /**
   * Shutdown: every session stops reading and finishes the frames it has received (at most 5 s, all together, so a
   * line stored now still reaches the other sockets); then every session gets the ERROR that means "connect again"
   * (`moveAway`) and its socket a close frame. The broker stays until `closeBroker`.
   */
  close(): Promise<void> {
    return (this.closing ??= this.closeOnce());
  }

  private async closeOnce() {
    const drained = Promise.all(this.hub.sessions().map((session) => session.drain?.()));
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref())]);
    for (const session of this.hub.sessions()) (session.moveAway ?? session.close).call(session);
    for (const conn of this.pending) conn.close();
    this.hub.close();
  }

  /**
   * Last, with the database: requests still in flight after the sockets closed (a 쪽지's live notification) still
   * reach the sockets on the other instances.
   */
  closeBroker(): Promise<void> {
    return this.deps.broker.close();
  }
}
