import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';

/** A claimed job: what its handler gets. */
export interface Job {
  id: number;
  kind: string;
  key: string;
  userId: number | null;
  payload: Record<string, unknown>;
  /** this run included */
  attempts: number;
  createdAt: Date;
}

/** A job to write: `key` names the event, channel and recipient, so writing it twice keeps one. */
export interface NewJob {
  kind: string;
  key: string;
  userId: number | null;
  payload: Record<string, unknown>;
  runAt: Date;
}

/** Where jobs are kept (db/jobs.ts): claims are exclusive across workers and instances until the lease ends. */
export interface JobStore {
  claim(now: Date, limit: number, leaseUntil: Date): Promise<Job[]>;
  finish(id: number, now: Date, outcome: string): Promise<void>;
  retry(id: number, runAt: Date, error: string): Promise<void>;
  /** gives claimed jobs back at once (a stopping worker) */
  release(ids: number[]): Promise<void>;
  purgeDone(before: Date): Promise<number>;
}

/** What a handler may say about how its job ended; returning normally means done ('sent'). */
export class JobOutcome extends Error {
  constructor(
    readonly outcome: string,
    readonly retry: boolean,
  ) {
    super(outcome);
  }
}
/** A failure worth trying again later (a server that is down or answered 5xx). */
export const retryLater = (reason: string) => new JobOutcome(reason, true);
/** Nothing to do now or ever (the recipient left, the address bounced): the job is done with this outcome. */
export const dropJob = (outcome: string) => new JobOutcome(outcome, false);

/**
 * Handles one job and returns its outcome ('sent' when it returns nothing). A handler whose work and completion
 * commit in one transaction of its own returns `{ finishedAs }`, and the worker records nothing more.
 */
export type JobHandler = (job: Job) => Promise<string | void | { finishedAs: string }>;

const LEASE_MS = 5 * 60_000;
const BATCH = 20;
/** how many claimed jobs run at once: sends wait on other servers, not on this one */
const PARALLEL = 8;
/** at least 24 h of retries before a job is given up */
const GIVE_UP_AFTER_MS = 25 * 3600_000;
const KEEP_DONE_MS = 7 * 24 * 3600_000;

/** The wait before attempt n + 1: `baseMs` (30 s) doubling, at most an hour. */
export const backoffMs = (attempts: number, baseMs = 30_000) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3600_000);

/**
 * Runs the jobs of the queue on this instance: claims due jobs in batches (exclusive across instances until the lease
 * ends, so a crashed worker's jobs come back), runs each kind's handler, and records the outcome: done, retried with
 * backoff, or given up after a day of retries.
 */
export class JobWorker {
  private readonly handlers = new Map<string, JobHandler>();
  private running: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private again = false;
  private lastPurge = 0;

  constructor(
    private readonly store: JobStore,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly retryBaseMs = 30_000,
  ) {}

  handle(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} has a handler already`);
    this.handlers.set(kind, handler);
  }

  /** Runs the due jobs (those that come due meanwhile too); the number run. */
  runDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.batch().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Runs until nothing is due, also when a run was going on already (tests, and a worker woken by a burst). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      if (this.running) await this.running;
      const n = await this.runDue();
      total += n;
      if (n === 0) return total;
    }
  }

  /** Polls every `intervalMs`; `wake` runs a batch sooner. Returns stop, which lets the running batch end. */
  start(intervalMs: number): () => Promise<void> {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.drainLogged().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
      });
    };
    this.timer = setTimeout(tick, intervalMs);
    return () => this.stop();
  }

  /**
   * Claims nothing more; the jobs running end and are recorded, the claimed ones that have not started go back to the
   * queue at once (for another instance), and it resolves when that is done (a stopping instance, before its pool).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Something was queued on this instance: run it now rather than at the next poll. */
  wake(): void {
    if (this.stopped || !this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.drainLogged();
  }

  private async drainLogged() {
    try {
      do {
        this.again = false;
        while ((await this.runDue()) > 0 && !this.stopped);
      } while (this.again && !this.stopped);
      await this.purge();
    } catch (err) {
      this.log.error({ err }, 'job queue: a batch failed');
    }
  }

  /**
   * Runs due jobs in PARALLEL lanes until none is due: a lane that is free takes the next claimed job, and claims
   * more when there is none, so one slow send holds one lane, not the others. A stop lets the running jobs end and
   * gives the claimed ones that have not started back at once. The number run.
   */
  private async batch(): Promise<number> {
    const buffer: Job[] = [];
    let ran = 0;
    let exhausted = false;
    let claiming: Promise<void> | null = null;
    const refill = () =>
      (claiming ??= (async () => {
        const now = this.clock.now();
        const jobs = await this.store.claim(now, BATCH, new Date(now.getTime() + LEASE_MS));
        if (jobs.length === 0) exhausted = true;
        buffer.push(...jobs);
      })().finally(() => {
        claiming = null;
      }));
    const lane = async () => {
      for (;;) {
        if (this.stopped) return;
        const job = buffer.shift();
        if (job) {
          ran++;
          await this.run(job);
        } else if (exhausted) return;
        else await refill();
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    if (buffer.length > 0) await this.store.release(buffer.map((j) => j.id));
    return ran;
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw dropJob('no_handler');
      const outcome = await handler(job);
      if (typeof outcome !== 'object') await this.store.finish(job.id, this.clock.now(), outcome || 'sent');
    } catch (err) {
      await this.failed(job, err).catch((e: unknown) =>
        this.log.error({ err: e, job: job.id }, 'job queue: could not record a failure'),
      );
    }
  }

  private async failed(job: Job, err: unknown) {
    const now = this.clock.now();
    if (err instanceof JobOutcome && !err.retry) return this.store.finish(job.id, now, err.outcome);
    const reason = err instanceof Error ? err.message : String(err);
    if (now.getTime() - job.createdAt.getTime() >= GIVE_UP_AFTER_MS) {
      this.log.warn({ job: job.id, kind: job.kind, reason }, 'job queue: given up after a day of retries');
      return this.store.finish(job.id, now, 'failed');
    }
    this.log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, reason }, 'job queue: will retry');
    await this.store.retry(job.id, new Date(now.getTime() + backoffMs(job.attempts, this.retryBaseMs)), reason.slice(0, 500));
  }

  private async purge() {
    const now = this.clock.now().getTime();
    if (now - this.lastPurge < 3600_000) return;
    this.lastPurge = now;
    await this.store.purgeDone(new Date(now - KEEP_DONE_MS));
  }
}
