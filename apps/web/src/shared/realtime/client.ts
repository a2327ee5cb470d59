import { Client, type StompSubscription } from '@stomp/stompjs';
import { notificationQueue, type LiveNotification } from '@app/contract';
import SockJS from 'sockjs-client';

interface Sub {
  destination: string;
  onMessage(body: string): void;
  handle?: StompSubscription;
}

export interface SessionHandlers {
  subscriptions: Array<{ destination: string; onMessage(body: string): void }>;
  onOpenChange(open: boolean): void;
  onError(text: string): void;
}

export interface RealtimeSession {
  publish(destination: string, body: string): boolean;
  end(): void;
}

interface Session extends SessionHandlers {
  subs: Sub[];
  live: boolean;
}

const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 60_000;
/** a hidden page (a phone in a pocket) keeps its socket this long, then lets it go until it is shown again */
const HIDDEN_GRACE_MS = 60_000;

/**
 * The one STOMP-over-SockJS connection of the page (/ws/chat), shared by live notifications and chat.
 * Notification subscriptions are restored after every reconnect (exponential backoff with jitter, at once when
 * the page is shown or the network returns); a chat session lives for one socket only (spec: chat does not
 * reconnect) and learns when it ends. The socket closes with the last subscription, on logout (any tab), and
 * while the page is hidden with no chat open.
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
    const session: Session = { ...handlers, subs: handlers.subscriptions.map((s) => ({ ...s })), live: false };
    this.use(token);
    this.sessions.add(session);
    if (this.client?.connected) this.open(session);
    else this.reconnectNow();
    return {
      publish: (destination, body) => {
        if (!session.live || !this.client?.connected) return false;
        this.client.publish({ destination, body });
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
      onStompError: (frame) => this.sessions.forEach((s) => s.live && s.onError(frame.headers.message ?? frame.body)),
      onWebSocketClose: () => {
        if (this.client !== client) return;
        this.disconnect();
        if (this.persistent.size > 0 && this.token) this.scheduleRetry();
      },
    });
    this.client = client;
    client.activate();
  }

  private scheduleRetry() {
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempts++) * (0.5 + Math.random() / 2);
    this.retry = setTimeout(() => this.connect(), delay);
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

  private open(session: Session) {
    if (session.live) return;
    session.live = true;
    session.subs.forEach((s) => this.subscribe(s));
    session.onOpenChange(true);
  }

  private endSessions() {
    for (const session of [...this.sessions]) {
      this.sessions.delete(session);
      session.subs.forEach((s) => (s.handle = undefined));
      session.onOpenChange(false);
    }
  }

  private subscribe(sub: Sub) {
    sub.handle = this.client!.subscribe(sub.destination, (frame) => sub.onMessage(frame.body));
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
    this.endSessions();
  }

  /** Logout or idle: nothing more is delivered or retried. */
  private stop() {
    this.disconnect();
    this.persistent.clear();
    this.attempts = 0;
    this.token = null;
  }
}
