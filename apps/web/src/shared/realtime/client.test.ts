// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for @stomp/stompjs: each Client records its config; tests drive connect and close by hand. */
const clients: FakeClient[] = [];
class FakeClient {
  connected = false;
  active = false;
  readonly subscribed: string[] = [];
  readonly published: Array<{ destination: string; body: string }> = [];
  constructor(readonly config: Record<string, (...args: never[]) => void>) {
    clients.push(this);
  }
  activate() {
    this.active = true;
  }
  async deactivate() {
    this.active = false;
    this.connected = false;
  }
  subscribe(destination: string) {
    this.subscribed.push(destination);
    return { unsubscribe: () => this.subscribed.splice(this.subscribed.indexOf(destination), 1) };
  }
  publish(frame: { destination: string; body: string }) {
    this.published.push(frame);
  }
  open() {
    this.connected = true;
    this.config.onConnect();
  }
  drop() {
    this.connected = false;
    this.config.onWebSocketClose();
  }
}
vi.mock('@stomp/stompjs', () => ({ Client: FakeClient }));
vi.mock('sockjs-client', () => ({ default: class {} }));

const { Realtime } = await import('./client');

const token = (uid: number) => `x.${btoa(JSON.stringify({ uid }))}.y`;
const last = () => clients.at(-1)!;

describe('the shared realtime connection', () => {
  let sessionListener: (token: string | null) => void;
  let connected: boolean[];
  let realtime: InstanceType<typeof Realtime>;
  beforeEach(() => {
    vi.useFakeTimers();
    clients.length = 0;
    connected = [];
    realtime = new Realtime({
      onConnectedChange: (up) => connected.push(up),
      userIdOf: (t) => (JSON.parse(atob(t.split('.')[1])) as { uid: number }).uid,
      onSessionChange: (listener) => (sessionListener = listener),
    });
  });
  afterEach(() => vi.useRealTimers());

  it('subscribes to the user’s own queue and again after each reconnect, with growing delays', () => {
    const got: unknown[] = [];
    realtime.notifications(token(7), (n) => got.push(n));
    expect(clients).toHaveLength(1);
    last().open();
    expect(last().subscribed).toEqual(['/user/7/queue/notifications']);
    last().drop();
    expect(connected).toEqual([true, false]);
    vi.advanceTimersByTime(1000);
    expect(clients).toHaveLength(2);
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(clients).toHaveLength(2); // the second wait is 1-2 s
    vi.advanceTimersByTime(1000);
    expect(clients).toHaveLength(3);
    last().open();
    expect(last().subscribed).toEqual(['/user/7/queue/notifications']);
  });

  it('a chat session lives for one socket: it opens, publishes, and ends (not resumed) when the socket drops', () => {
    realtime.notifications(token(7), () => {});
    const changes: boolean[] = [];
    const session = realtime.session(token(7), {
      subscriptions: [{ destination: '/topic/chat/3', onMessage: () => {} }],
      onOpenChange: (open) => changes.push(open),
      onError: () => {},
    });
    expect(session.publish('/app/chat.sendMessage', '{}')).toBe(false);
    last().open();
    expect(last().subscribed).toEqual(['/user/7/queue/notifications', '/topic/chat/3']);
    expect(session.publish('/app/chat.sendMessage', '{}')).toBe(true);
    last().drop();
    expect(changes).toEqual([true, false]);
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last().subscribed).toEqual(['/user/7/queue/notifications']);
  });

  it('stops on logout and when the last subscription goes', () => {
    const cancel = realtime.notifications(token(7), () => {});
    last().open();
    sessionListener(null);
    expect(last().active).toBe(false);
    vi.advanceTimersByTime(120_000);
    expect(clients).toHaveLength(1);

    const again = realtime.notifications(token(8), () => {});
    expect(clients).toHaveLength(2);
    last().open();
    again();
    expect(last().active).toBe(false);
    cancel();
  });
});
