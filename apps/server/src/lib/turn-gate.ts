import type { FastifyInstance } from 'fastify';

/**
 * At most `perTurn` reads start in one turn of the event loop; the others wait, in arrival order, for the next
 * turns. Under a flood of reads (most answered from the read cache) a turn would otherwise hold every ready
 * socket's request, and a write's database round trip, whose answer is read in the next turn, would wait for all
 * of them each time: at 50 busy reader connections, ~10 ms per statement. Below `perTurn` reads a turn, nothing waits.
 */
export class TurnGate {
  private started = 0;
  private readonly waiting: Array<() => void> = [];
  private turnEnds = false;

  constructor(private readonly perTurn: number) {}

  /** Undefined when the read may start now, else a promise that resolves in a later turn. */
  enter(): Promise<void> | undefined {
    this.endTurnSoon();
    if (this.waiting.length === 0 && this.started < this.perTurn) {
      this.started++;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  get queued(): number {
    return this.waiting.length;
  }

  // setImmediate runs after this turn's I/O callbacks; one scheduled from there runs after the next turn's I/O
  private endTurnSoon() {
    if (this.turnEnds) return;
    this.turnEnds = true;
    setImmediate(() => this.nextTurn());
  }

  private nextTurn() {
    this.turnEnds = false;
    const batch = this.waiting.splice(0, this.perTurn);
    this.started = batch.length;
    for (const start of batch) start();
    if (this.started > 0) this.endTurnSoon();
  }
}

const READS = new Set(['GET', 'HEAD']);

/** Reads pass the gate first; writes (and chat, which is not served by these routes) never wait in it. */
export function registerTurnGate(app: FastifyInstance, perTurn: number) {
  const gate = new TurnGate(perTurn);
  app.addHook('onRequest', (req, _reply, done) => {
    const wait = READS.has(req.method) ? gate.enter() : undefined;
    if (wait) void wait.then(() => done());
    else done();
  });
  return gate;
}
