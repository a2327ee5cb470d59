import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerTurnGate, TurnGate } from './turn-gate.js';

const servers: net.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A loopback echo: the answer to a write is read in a later turn of the event loop, like a database's. */
async function echo(): Promise<net.Socket> {
  const server = net.createServer((s) => s.pipe(s));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** Starts `total` reads, each started read asking for the next two (a flood); resolves with the start order. */
function flood(gate: TurnGate, total: number, onStart: (n: number) => void): Promise<void> {
  let asked = 0;
  let started = 0;
  return new Promise((resolve) => {
    const ask = () => {
      if (asked >= total) return;
      const n = ++asked;
      const go = () => {
        onStart(n);
        if (++started === total) resolve();
        ask();
        ask();
      };
      const wait = gate.enter();
      // a read that may start runs in this same turn (as a request's handler does)
      if (wait) void wait.then(go);
      else queueMicrotask(go);
    };
    ask();
  });
}

describe('the turn gate', () => {
  it('lets reads start at once below the limit, the rest in arrival order, a limited number per turn', async () => {
    const gate = new TurnGate(2);
    const order: number[] = [];
    const waits = [1, 2, 3, 4, 5].map((n) => {
      const wait = gate.enter();
      return wait ? wait.then(() => order.push(n)) : order.push(n);
    });
    expect(order).toEqual([1, 2]);
    expect(gate.queued).toBe(3);
    await Promise.all(waits);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(gate.queued).toBe(0);
  });

  it('reads the answer to an earlier round trip while a flood of reads is still starting', async () => {
    const socket = await echo();
    const gate = new TurnGate(4);
    let startedBeforeAnswer = -1;
    let starts = 0;
    socket.once('data', () => (startedBeforeAnswer = starts));
    socket.write('ping');
    await flood(gate, 20_000, () => starts++);
    socket.destroy();
    // without the gate the answer would wait for all 20,000 (they start in one turn)
    expect(startedBeforeAnswer).toBeGreaterThanOrEqual(0);
    expect(startedBeforeAnswer).toBeLessThan(2_000);
  });

  it('without a limit the same flood holds the answer back until it is over (what the gate prevents)', async () => {
    const socket = await echo();
    const gate = new TurnGate(Number.POSITIVE_INFINITY);
    let startedBeforeAnswer = -1;
    let starts = 0;
    const answered = new Promise<void>((resolve) =>
      socket.once('data', () => {
        startedBeforeAnswer = starts;
        resolve();
      }),
    );
    socket.write('ping');
    await flood(gate, 20_000, () => starts++);
    await answered;
    socket.destroy();
    expect(startedBeforeAnswer).toBe(20_000);
  });

  it('holds GET and HEAD requests in the gate, never writes, and answers every one', async () => {
    const app = Fastify();
    const gate = registerTurnGate(app, 1);
    const handled: string[] = [];
    app.get('/r', async () => handled.push('read'));
    app.post('/w', async () => handled.push('write'));
    await app.ready();
    const reads = Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/r' }));
    const write = app.inject({ method: 'POST', url: '/w' });
    const answers = await Promise.all([...reads, write]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // the first read passed, the other five waited for later turns, the write did not wait behind them
    expect(handled.indexOf('write')).toBeLessThan(2);
    expect(handled).toHaveLength(7);
    expect(gate.queued).toBe(0);
    await app.close();
  });
});
