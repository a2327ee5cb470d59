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
  /** receipts are confirmed at once unless `holdReceipts` is set */
  holdReceipts = false;
  readonly receipts = new Map<string, () => void>();
  watchForReceipt(id: string, callback: () => void) {
    this.receipts.set(id, callback);
  }
  subscribe(destination: string, _onMessage: unknown, headers: Record<string, string> = {}) {
    this.subscribed.push(destination);
    const receipt = headers.receipt;
    if (receipt && !this.holdReceipts) queueMicrotask(() => this.receipts.get(receipt)?.());
    return { unsubscribe: () => this.subscribed.splice(this.subscribed.indexOf(destination), 1) };
  }
  publish(frame: { destination: string; body: string; headers?: Record<string, string> }) {
    this.published.push({ destination: frame.destination, body: frame.body });
    this.sent.push(frame.headers?.receipt ?? '');
  }
  /** the receipt id of each published frame */
  readonly sent: string[] = [];
  /** the server stored the published frame and answered its RECEIPT */
  confirm(index: number) {
    this.receipts.get(this.sent[index])?.();
  }
  open() {
    this.connected = true;
    this.config.onConnect();
  }
  drop() {
    this.connected = false;
    this.config.onWebSocketClose();
  }
  error(message: string, headers: Record<string, string> = {}) {
    (this.config.onStompError as unknown as (f: { headers: Record<string, string>; body: string }) => void)({
      headers: { message, ...headers },
      body: '',
    });
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

  it('a chat session is resumed on the next socket after a drop (chat reconnects)', async () => {
    realtime.notifications(token(7), () => {});
    const changes: boolean[] = [];
    const session = realtime.session(token(7), {
      subscriptions: [{ destination: '/topic/chat/3', onMessage: () => {} }],
      onOpenChange: (open) => changes.push(open),
      onError: () => {},
      onRefused: () => {},
    });
    expect(session.publish('/app/chat.sendMessage', '{}')).toBe(false);
    last().open();
    await Promise.resolve();
    expect(last().subscribed).toEqual(['/user/7/queue/notifications', '/topic/chat/3']);
    expect(session.publish('/app/chat.sendMessage', '{}')).toBe(true);
    last().drop();
    expect(changes).toEqual([true, false]);
    expect(session.publish('/app/chat.sendMessage', '{}')).toBe(false);
    vi.advanceTimersByTime(1000);
    last().open();
    await Promise.resolve();
    expect(last().subscribed).toEqual(['/user/7/queue/notifications', '/topic/chat/3']);
    expect(changes).toEqual([true, false, true]);
    expect(session.publish('/app/chat.sendMessage', '{}')).toBe(true);
  });

  it('an open chat alone keeps reconnecting: the first try within a second, the waits capped at 10 s', () => {
    realtime.session(token(7), {
      subscriptions: [{ destination: '/topic/chat/3', onMessage: () => {} }],
      onOpenChange: () => {},
      onError: () => {},
      onRefused: () => {},
    });
    last().open();
    for (let i = 0; i < 8; i++) {
      last().drop();
      vi.advanceTimersByTime(i === 0 ? 1000 : 10_000);
    }
    expect(clients).toHaveLength(9);
  });

  it('a chat session is opened only when the server confirms its subscriptions, and ends when they are refused', async () => {
    const changes: boolean[] = [];
    const refused: string[] = [];
    realtime.session(token(7), {
      subscriptions: [{ destination: '/topic/chat/3', onMessage: () => {} }],
      onOpenChange: (open) => changes.push(open),
      onError: () => {},
      onRefused: (text) => refused.push(text),
    });
    last().holdReceipts = true;
    last().open();
    await Promise.resolve();
    expect(changes).toEqual([]);
    last().error('채팅방에 접근할 수 없습니다.');
    last().drop();
    expect(refused).toEqual(['채팅방에 접근할 수 없습니다.']);
    vi.advanceTimersByTime(120_000);
    expect(clients).toHaveLength(1);
  });

  it('an instance that stops says "move": the chat is subscribed again on a new socket within a second, with no error shown', async () => {
    const changes: boolean[] = [];
    const shown: string[] = [];
    realtime.session(token(7), {
      subscriptions: [{ destination: '/topic/chat/3', onMessage: () => {} }],
      onOpenChange: (open) => changes.push(open),
      onError: (text) => shown.push(text),
      onRefused: (text) => shown.push(text),
    });
    last().open();
    await Promise.resolve();
    last().error('서버를 옮기는 중입니다. 잠시 후 다시 연결됩니다.', { reconnect: 'true' });
    last().drop();
    // a drop's first wait is 0.5-1 s; a move's under 0.5 s
    vi.advanceTimersByTime(500);
    expect(clients).toHaveLength(2);
    last().open();
    await Promise.resolve();
    expect(last().subscribed).toEqual(['/topic/chat/3']);
    expect(changes).toEqual([true, false, true]);
    expect(shown).toEqual([]);
  });

  /** A chat session open on a first socket, with nothing to say to its handlers. */
  async function openChat() {
    const session = realtime.session(token(7), {
      subscriptions: [{ destination: '/topic/chat/3', onMessage: () => {} }],
      onOpenChange: () => {},
      onError: () => {},
      onRefused: () => {},
    });
    last().open();
    await Promise.resolve();
    return session;
  }

  it('a line sent into a stopping instance and never confirmed is sent again after the move; one confirmed is not', async () => {
    const session = await openChat();
    session.publish('/app/chat.sendMessage', '{"message":"stored"}');
    session.publish('/app/chat.sendMessage', '{"message":"unread"}');
    last().confirm(0);
    last().error('서버를 옮기는 중입니다. 잠시 후 다시 연결됩니다.', { reconnect: 'true' });
    last().drop();
    vi.advanceTimersByTime(500);
    last().open();
    await Promise.resolve();
    expect(last().published.map((f) => f.body)).toEqual(['{"message":"unread"}']);
  });

  it('after a drop that is not a move nothing is sent twice (a line may be stored with its receipt lost)', async () => {
    const session = await openChat();
    session.publish('/app/chat.sendMessage', '{"message":"maybe stored"}');
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    await Promise.resolve();
    expect(last().published).toEqual([]);
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
