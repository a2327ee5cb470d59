import type { FastifyInstance } from 'fastify';

/**
 * Where this instance is in its life: warming up (listening, not ready), serving, or stopping. `/readyz` answers 200
 * only while serving; while stopping every response says `Connection: close`, so a keep-alive connection (a load
 * balancer's or a browser's) ends after the answer it is waiting for and the next request goes to another instance.
 */
export class Lifecycle {
  private state: 'warming' | 'serving' | 'stopping' = 'serving';

  get serving() {
    return this.state === 'serving';
  }
  get stopping() {
    return this.state === 'stopping';
  }

  /** Listening but not ready yet (main.ts, before the warm-up); an app built for tests serves at once. */
  warming() {
    if (this.state === 'serving') this.state = 'warming';
  }
  serve() {
    if (this.state === 'warming') this.state = 'serving';
  }
  stop() {
    this.state = 'stopping';
  }
}

export function registerLifecycle(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onSend', async (_req, reply) => {
    if (lifecycle.stopping) reply.header('connection', 'close');
  });
}
