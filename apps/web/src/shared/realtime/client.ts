import { Client, type StompSubscription } from '@stomp/stompjs';
import { notificationQueue, STOMP_RECONNECT_HEADER, type LiveNotification } from '@app/contract';
import SockJS from 'sockjs-client';

interface Sub {
  destination: string;
  onMessage(body: string): void;
  handle?: StompSubscription;
}

export interface SessionHandlers {
  subscriptions: Array<{ destination: string; onMessage(body: string): void }>;
  /** true once the subscriptions are in place on a socket (again after each reconnect); false when it drops */
  onOpenChange(open: boolean): void;
  /** the server refused a frame while the subscriptions were in place */
  onError(text: string): void;
  /** the server refused the subscriptions themselves (no longer a member): the session is over */
  onRefused(text: string): void;
}

export interface RealtimeSession {
  publish(destination: string, body: string): boolean;
  end(): void;
}

interface Session extends SessionHandlers {
  subs: Sub[];
  /** subscribed on the current socket */
  live: boolean;
  /** the server confirmed the subscriptions (receipt) */
  confirmed: boolean;
  /** frames sent on this socket whose RECEIPT has not come yet, by receipt id */
  unconfirmed: Map<string, { destination: string; body: string }>;
}

let receipts = 0;

const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 60_000;
/** while a chat room is open the waits stop growing sooner */
const BACKOFF_MAX_CHAT_MS = 10_000;
/** a hidden page (a phone in a pocket) keeps its socket this long, then lets it go until it is shown again */
const HIDDEN_GRACE_MS = 60_000;
/** an instance that stops tells its clients to connect again: they do within this, spread so they do not all at once */
const MOVE_SPREAD_MS = 500;

/**
 * The one STOMP-over-SockJS connection of the page (/ws/chat), shared by live notifications and chat.
 * After any drop it reconnects (exponential backoff with jitter, the first try within a second, at once when the
 * page is shown or the network returns) and restores every subscription: notifications and open chat sessions
 * alike (chat reconnects, unlike the spec's "no reconnect"; docs/product-decisions.md). A chat session learns when its subscriptions
 * are confirmed on a socket and when they drop, so it can read what it missed. The socket closes with the last
 * subscription, on logout (any tab), and while the page is hidden with no chat open.
 */
export class Realtime {
  private client: Client | null = null;
  private token: string | null = null;
  private readonly persistent = new Set<Sub>();
  private readonly sessions = new Set<Session>();
  private attempts = 0;
  private retry?: ReturnType<typeof setTimeout>;
  private hiddenTimer?: ReturnType<typeof setTimeout>;

  /** What the page tells the connection (passed in, so this lazy chunk shares no module with the first load). */
  constructor(
    private readonly page: {
      onConnectedChange(connected: boolean): void;
      /** the token's user id, or null */
      userIdOf(token: string): number | null;
      /** calls back with the current token whenever the session changes (login, logout, another tab) */
      onSessionChange(listener: (token: string | null) => void): void;
    },
  ) {
    page.onSessionChange((token) => {
      if (this.token && token !== this.token) this.stop();
    });
    document.addEventListener('visibilitychange', () => this.onVisibility());
    window.addEventListener('online', () => this.reconnectNow());
  }

  /** The user's own notification queue; returns the unsubscribe. */
  notifications(token: string, onNotification: (n: LiveNotification) => void): () => void {
    const userId = this.page.userIdOf(token);
    if (userId === null) return () => {};
    const sub: Sub = { destination: notificationQueue(userId), onMessage: (body) => onNotification(JSON.parse(body)) };
    this.use(token);
    this.persistent.add(sub);
    if (this.client?.connected) this.subscribe(sub);
    return () => {
      if (!this.persistent.delete(sub)) return;
      this.unsubscribe(sub);
      this.stopIfIdle();
    };
  }

  /** Subscriptions for as long as one socket lives (chat); `onOpenChange(false)` when it ends. */
  session(token: string, handlers: SessionHandlers): RealtimeSession {
    const session: Session = {
      ...handlers,
      subs: handlers.subscriptions.map((s) => ({ ...s })),
      live: false,
      confirmed: false,
      unconfirmed: new Map(),
    };
    this.use(token);
    this.sessions.add(session);
    if (this.client?.connected) this.open(session);
    else this.reconnectNow();
    return {
      publish: (destination, body) => {
        if (!session.live || !this.client?.connected) return false;
        this.send(session, destination, body);
        return true;
      },
      end: () => {
        if (!this.sessions.delete(session)) return;
        session.subs.forEach((s) => this.unsubscribe(s));
        this.stopIfIdle();
      },
    };
  }

  private use(token: string) {
    if (this.token !== null && this.token !== token) this.stop();
    this.token = token;
    if (!this.client && !this.retry) this.connect();
  }

  private connect() {
    clearTimeout(this.retry);
    this.retry = undefined;
    const token = this.token;
    if (!token) return;
    let moved = false;
    const client = new Client({
      webSocketFactory: () => new SockJS(`/ws/chat?token=${encodeURIComponent(token)}`),
      reconnectDelay: 0,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      onConnect: () => {
        this.attempts = 0;
        this.page.onConnectedChange(true);
        this.persistent.forEach((s) => this.subscribe(s));
        this.sessions.forEach((s) => this.open(s));
      },
      onStompError: (frame) => {
        // the instance is stopping (a deploy): not a refusal; the sessions are subscribed again on the next socket
        if (frame.headers[STOMP_RECONNECT_HEADER] === 'true') moved = true;
        else this.refuse(frame.headers.message ?? frame.body);
      },
      onWebSocketClose: () => {
        if (this.client !== client) return;
        // a stopping instance stores and confirms every frame it read before it says "move" (RECEIPT comes first on
        // the socket), so what is unconfirmed then was never stored and is sent again on the next socket; after any
        // other drop a frame may have been stored with its RECEIPT lost, so nothing is sent twice
        if (!moved) this.sessions.forEach((s) => s.unconfirmed.clear());
        this.disconnect();
        if ((this.persistent.size > 0 || this.sessions.size > 0) && this.token) {
          if (moved) this.scheduleMove();
          else this.scheduleRetry();
        }
      },
    });
    this.client = client;
    client.activate();
  }

  private scheduleRetry() {
    const cap = this.sessions.size > 0 ? BACKOFF_MAX_CHAT_MS : BACKOFF_MAX_MS;
    const delay = Math.min(cap, BACKOFF_FIRST_MS * 2 ** this.attempts++) * (0.5 + Math.random() / 2);
    this.retry = setTimeout(() => this.connect(), delay);
  }

  /** Told to move: the load balancer sends the next socket to another instance, so no backoff. */
  private scheduleMove() {
    this.attempts = 0;
    this.retry = setTimeout(() => this.connect(), Math.random() * MOVE_SPREAD_MS);
  }

  private reconnectNow() {
    if (this.retry && !document.hidden) this.connect();
  }

  private onVisibility() {
    clearTimeout(this.hiddenTimer);
    if (!document.hidden) {
      if (this.token && !this.client && (this.persistent.size > 0 || this.sessions.size > 0)) this.connect();
      return;
    }
    this.hiddenTimer = setTimeout(() => {
      if (document.hidden && this.sessions.size === 0) this.disconnect();
    }, HIDDEN_GRACE_MS);
  }

  /** Subscribes the session; it is open once the server confirms the last subscription (all are in place). */
  private open(session: Session) {
    if (session.live) return;
    session.live = true;
    const receipt = `session-${++receipts}`;
    const client = this.client!;
    client.watchForReceipt(receipt, () => {
      if (this.client !== client || !session.live || !this.sessions.has(session)) return;
      session.confirmed = true;
      session.onOpenChange(true);
      const resend = [...session.unconfirmed.values()];
      session.unconfirmed.clear();
      resend.forEach(({ destination, body }) => this.send(session, destination, body));
    });
    session.subs.forEach((s, i) => this.subscribe(s, i === session.subs.length - 1 ? { receipt } : {}));
  }

  /** Sends with a receipt and keeps the frame until the server confirms it (see the move in `connect`). */
  private send(session: Session, destination: string, body: string) {
    const receipt = `send-${++receipts}`;
    session.unconfirmed.set(receipt, { destination, body });
    this.client!.watchForReceipt(receipt, () => session.unconfirmed.delete(receipt));
    this.client!.publish({ destination, body, headers: { receipt } });
  }

  /** An ERROR frame (the socket closes after it): a refused subscription ends its session. */
  private refuse(text: string) {
    for (const session of [...this.sessions]) {
      if (!session.live) continue;
      if (session.confirmed) {
        session.onError(text);
        continue;
      }
      this.sessions.delete(session);
      session.onRefused(text);
    }
  }

  /** The socket dropped: sessions stay, to be subscribed again on the next socket. */
  private suspendSessions() {
    for (const session of this.sessions) {
      session.subs.forEach((s) => (s.handle = undefined));
      const wasOpen = session.live;
      session.live = false;
      session.confirmed = false;
      if (wasOpen) session.onOpenChange(false);
    }
  }

  private subscribe(sub: Sub, headers: Record<string, string> = {}) {
    sub.handle = this.client!.subscribe(sub.destination, (frame) => sub.onMessage(frame.body), headers);
  }

  private unsubscribe(sub: Sub) {
    if (sub.handle && this.client?.connected) sub.handle.unsubscribe();
    sub.handle = undefined;
  }

  private stopIfIdle() {
    if (this.persistent.size === 0 && this.sessions.size === 0) this.stop();
  }

  /** Closes the socket, keeping what is subscribed for the next connect. */
  private disconnect() {
    clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = null;
    void client?.deactivate();
    this.persistent.forEach((s) => (s.handle = undefined));
    this.page.onConnectedChange(false);
    this.suspendSessions();
  }

  /** Logout or idle: nothing more is delivered or retried. */
  private stop() {
    this.disconnect();
    this.persistent.clear();
    this.sessions.clear();
    this.attempts = 0;
    this.token = null;
  }
}
