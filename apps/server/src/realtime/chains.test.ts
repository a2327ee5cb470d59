import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Chains, GAP_WAIT_MS, type ChainSource, type MessageEvent } from './chains.js';

const TOPIC = '/topic/chat/1';
const event = (id: number, prev: number): MessageEvent => ({
  type: 'message',
  destination: TOPIC,
  contentType: 'application/json',
  body: JSON.stringify({ messageId: id }),
  messageId: String(id),
  seq: { id, prev },
});

/** A room whose stored messages are 1..stored, read by the chains like the database would be. */
function setUp(stored: number, allowed = new Set([1, 2])) {
  const delivered: number[] = [];
  const retained: Array<Set<number>> = [];
  const reads: number[] = [];
  const room = { stored, failNext: false };
  const source: ChainSource = {
    chained: (d) => d === TOPIC,
    newest: async () => room.stored,
    async after(_d, afterId, limit) {
      reads.push(afterId);
      if (room.failNext) {
        room.failNext = false;
        throw new Error('database away');
      }
      const messages: MessageEvent[] = [];
      for (let id = afterId + 1; id <= room.stored && messages.length < limit; id++) messages.push(event(id, id - 1));
      return { messages, allowed };
    },
  };
  const chains = new Chains({
    deliver: (e) => delivered.push(e.seq!.id),
    retain: (_d, a) => retained.push(a),
  });
  chains.useSource(source);
  return { chains, delivered, retained, reads, room };
}

describe('room chains', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers in order; a message that skips ahead waits for the missing one and goes right after it', async () => {
    const { chains, delivered, reads } = setUp(3);
    chains.track(TOPIC);
    await vi.advanceTimersByTimeAsync(0);
    chains.receive(event(4, 3));
    chains.receive(event(6, 5));
    expect(delivered).toEqual([4]);
    chains.receive(event(5, 4));
    expect(delivered).toEqual([4, 5, 6]);
    chains.receive(event(5, 4));
    expect(delivered).toEqual([4, 5, 6]);
    await vi.advanceTimersByTimeAsync(GAP_WAIT_MS * 2);
    expect(reads).toEqual([]);
  });

  it('a gap that Redis never fills is read from the database, in order, once, before anything newer', async () => {
    const { chains, delivered, reads, room } = setUp(2);
    chains.track(TOPIC);
    await vi.advanceTimersByTimeAsync(0);
    room.stored = 6; // 3, 4 and 5 were lost on the way
    chains.receive(event(6, 5));
    expect(delivered).toEqual([]);
    await vi.advanceTimersByTimeAsync(GAP_WAIT_MS);
    expect(reads).toEqual([2]);
    expect(delivered).toEqual([3, 4, 5, 6]);
    chains.receive(event(4, 3)); // arriving late after all
    room.stored = 7;
    chains.receive(event(7, 6));
    expect(delivered).toEqual([3, 4, 5, 6, 7]);
  });

  it('catches up every chain after the subscription comes back, and keeps only allowed users', async () => {
    const { chains, delivered, retained, room } = setUp(1, new Set([2]));
    chains.track(TOPIC);
    await vi.advanceTimersByTimeAsync(0);
    room.stored = 4;
    chains.catchUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered).toEqual([2, 3, 4]);
    expect(retained).toEqual([new Set([2])]);
  });

  it('a failed read is tried again; messages that arrive meanwhile wait for it', async () => {
    const { chains, delivered, reads, room } = setUp(0);
    chains.track(TOPIC);
    await vi.advanceTimersByTimeAsync(0);
    room.stored = 2;
    room.failNext = true;
    chains.receive(event(2, 1));
    await vi.advanceTimersByTimeAsync(GAP_WAIT_MS);
    expect(delivered).toEqual([]);
    room.stored = 3;
    chains.receive(event(3, 2));
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toEqual([0, 0]);
    expect(delivered).toEqual([1, 2, 3]);
  });

  it('forgets a room when its last local subscriber leaves', async () => {
    const { chains, delivered } = setUp(0);
    chains.track(TOPIC);
    await vi.advanceTimersByTimeAsync(0);
    chains.forget(TOPIC);
    chains.receive(event(1, 0));
    expect(delivered).toEqual([]);
  });
});
