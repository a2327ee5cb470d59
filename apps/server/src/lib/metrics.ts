import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Mailer } from './mail/mailer.js';

/** What the gauges read at scrape time. */
export interface MetricSources {
  pool(): { total: number; idle: number; waiting: number };
  openSockets(): number;
  stompSessions(): number;
  /** MESSAGE frames written to sockets so far (a running total) */
  chatDeliveries(): number;
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This instance's Prometheus metrics, in its own registry (tests build many apps in one process). Counting
 * costs a few microseconds per request, so it always runs; the process metrics (CPU, memory, event loop,
 * GC) are only collected when /metrics is served (METRICS_TOKEN).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly querySeconds = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Duration of each statement sent to the PostgreSQL server (not measured on the embedded database)',
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by limit family',
    labelNames: ['family'] as const,
    registers: [this.registry],
  });
  private readonly mails = new Counter({
    name: 'mails_total',
    help: 'Mails handed to the transport (sent) or refused by it (failed)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources, processMetrics: boolean) {
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const s = sources.pool();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge('chat_open_sockets', 'Chat (SockJS) connections open on this instance', sources.openSockets);
    gauge('chat_stomp_sessions', 'Connected STOMP sessions on this instance', sources.stompSessions);
    let counted = 0;
    new Counter({
      name: 'chat_deliveries_total',
      help: 'MESSAGE frames delivered to sockets of this instance',
      registers: [this.registry],
      collect() {
        const total = sources.chatDeliveries();
        if (total > counted) this.inc(total - counted);
        counted = total;
      },
    });
  }

  /** Counts every answered request under its route pattern (`(unmatched)` for none, so labels stay bounded). */
  register(app: FastifyInstance) {
    app.addHook('onResponse', async (req, reply) => {
      const labels = { method: req.method, route: req.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) };
      this.requests.inc(labels);
      this.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    });
  }

  rateLimitRefused = (family: string) => this.refusals.inc({ family });

  /** Counts the mailer's sends as they settle (the instance's send is wrapped; other members stay as they are). */
  countMails<T extends Mailer>(mailer: T): T {
    const send = mailer.send.bind(mailer);
    mailer.send = async (mail) => {
      try {
        await send(mail);
        this.mails.inc({ result: 'sent' });
      } catch (err) {
        this.mails.inc({ result: 'failed' });
        throw err;
      }
    };
    return mailer;
  }
}
