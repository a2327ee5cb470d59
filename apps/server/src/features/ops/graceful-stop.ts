import type { FastifyInstance } from 'fastify';
import type { JobWorker } from '../../lib/job-worker.js';
import type { Realtime } from '../../realtime/index.js';
import type { Lifecycle } from './lifecycle.js';

export interface GracefulStopDeps {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  jobs: Pick<JobWorker, 'stop'>;
  realtime: Realtime;
}

export interface StopOptions {
  /** how long the instance keeps answering, /readyz at 503, before it stops listening (the balancer's checks) */
  delayMs: number;
  /** the longest requests in flight may take once it stops listening; then their connections are cut */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What SIGTERM runs, in order: /readyz answers 503 and every response closes its connection; the job queue claims nothing more (running jobs end, claimed ones go back); after
 * `delayMs`, while the load balancer has stopped sending here, every STOMP session finishes what it received and is
 * told to connect again (to another instance); the server stops listening, closes idle connections and waits for requests in flight (at most
 * `timeoutMs`, then cuts them); the database and Redis close last (app.ts onClose). True when nothing was cut.
 */
export async function stopGracefully(deps: GracefulStopDeps, options: StopOptions): Promise<boolean> {
  const { app, lifecycle, jobs, realtime } = deps;
  lifecycle.stop();
  const jobsStopped = jobs.stop();
  // idle keep-alive connections stay open meanwhile: a request the balancer sends on one before it notices is
  // answered (and ends it) rather than meeting a connection closed under it
  if (options.delayMs > 0) await sleep(options.delayMs);
  await realtime.close();
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    app.log.warn({ timeoutMs: options.timeoutMs }, 'stopping: requests still in flight are cut');
    app.server.closeAllConnections();
  }, options.timeoutMs);
  try {
    await jobsStopped;
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return !cut;
}
