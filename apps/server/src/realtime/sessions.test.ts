import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketAuth } from './auth.js';
import { encodeFrame } from './codec.js';
import { Destinations } from './destinations.js';
import { Hub } from './hub.js';
import { StompSession } from './sessions.js';

/** Session timing (docs/api.md §5.2) with fake timers; the socket-level behaviour is tested in features/chat. */
function session(stillValid: () => Promise<boolean> = async () => true) {
  const written: string[] = [];
  const transport = { write: (d: string) => void written.push(d), close: vi.fn() };
  const identity = {
    user: { id: 1, loginId: 'a', nickname: 'a' },
    token: 't',
    tokenVersion: 0,
    expiresAt: Number.MAX_SAFE_INTEGER,
  };
  const auth = { stillValid } as unknown as SocketAuth;
  const log = { warn: vi.fn(), error: vi.fn() };
  const s = new StompSession(transport, identity, {
    hub: new Hub(),
    destinations: new Destinations(),
    auth,
    log: log as unknown as FastifyBaseLogger,
  });
  return { s, written, transport, log };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('StompSession timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes a socket that does not CONNECT within 10 s', async () => {
    const { transport } = session();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(transport.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.close).toHaveBeenCalledOnce();
  });

  it('sends a heart-beat every max(10 s, asked) and drops a client silent for 3 of its intervals', async () => {
    const { s, written, transport } = session();
    s.receive(encodeFrame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '4000,15000' }));
    await flush();
    expect(written[0]).toContain('heart-beat:10000,10000');
    await vi.advanceTimersByTimeAsync(14_999);
    expect(written).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(written.slice(1)).toEqual(['\n']);
    // the client beats every max(4 s, 10 s) = 10 s; it stays while it beats
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(9_000);
      s.receive('\n');
    }
    expect(transport.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(transport.close).toHaveBeenCalledOnce();
  });

  it('sends no heart-beats and expects none when the client asks for 0,0', async () => {
    const { s, written, transport } = session();
    s.receive(encodeFrame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0' }));
    await flush();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(written).toHaveLength(1);
    expect(transport.close).not.toHaveBeenCalled();
  });
});

describe('StompSession failures', () => {
  const refused = (written: string[]) => written.find((f) => f.startsWith('ERROR'));

  it('answers a frame the database could not serve with the 503 text, as HTTP does, and warns', async () => {
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { s, written, transport, log } = session(() => Promise.reject(lost));
    s.receive(encodeFrame('CONNECT', { 'accept-version': '1.2' }));
    await vi.waitFor(() => expect(transport.close).toHaveBeenCalled());
    expect(refused(written)).toContain('message:서버가 일시적으로 응답할 수 없습니다. 잠시 후 다시 시도해주세요.');
    expect(log.warn).toHaveBeenCalledOnce();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('answers any other failure with the server error text, logged as an error', async () => {
    const { s, written, transport, log } = session(() => Promise.reject(new TypeError('a bug')));
    s.receive(encodeFrame('CONNECT', { 'accept-version': '1.2' }));
    await vi.waitFor(() => expect(transport.close).toHaveBeenCalled());
    expect(refused(written)).toContain('message:서버 오류가 발생했습니다.');
    expect(log.error).toHaveBeenCalledOnce();
  });
});
