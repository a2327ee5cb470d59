import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectError, nextIp, useTestApp, type TestApp } from '../../../test/helpers.js';
import { person } from '../../../test/fixtures/recovery.js';

const UNAVAILABLE = '서버가 일시적으로 응답할 수 없습니다. 잠시 후 다시 시도해주세요.';
const TOKEN = 'metrics-test-token-0123456789';

const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

const scrape = async () => {
  const res = await t.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
/** The value of one sample line (`name{labels} value`), 0 when absent. */
const sample = (body: string, series: string) => {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

/** Nothing that names a product or version: no Server or X-Powered-By header, a two-letter body. */
function expectNoInternals(res: Awaited<ReturnType<TestApp['get']>>) {
  expect(res.headers.server).toBeUndefined();
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.body).not.toMatch(/\d+\.\d+|postgres|pglite|redis|node|fastify/i);
}

describe('GET /healthz', () => {
  it('answers 200 "ok" without touching the database', async () => {
    const { result: res, statements } = await t.countQueries(() => t.get('/healthz'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('ok');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(statements).toEqual([]);
    expectNoInternals(res);
  });
});

describe('GET /readyz', () => {
  it('answers 200 "ok" when the database answers and every migration is applied', async () => {
    const res = await t.get('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('ok');
    expectNoInternals(res);
  });

  it('answers 503 service_unavailable with the Korean text while a migration is pending', async () => {
    const [row] = (
      (await t.db.execute(
        sql`DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name`,
      )) as unknown as {
        rows: Array<{ name: string }>;
      }
    ).rows;
    try {
      const res = await t.get('/readyz');
      expectError(res, 503, 'service_unavailable', UNAVAILABLE);
      expect(res.headers['retry-after']).toBe('5');
      expectNoInternals(res);
      expect((await t.get('/healthz')).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${row.name})`);
    }
    expect((await t.get('/readyz')).statusCode).toBe(200);
  });

  it('neither probe is rate limited (the API limits anonymous calls per address)', async () => {
    for (let i = 0; i < 320; i++) {
      const [health, ready] = await Promise.all([t.get('/healthz'), t.get('/readyz')]);
      expect([health.statusCode, ready.statusCode]).toEqual([200, 200]);
    }
  });
});

describe('GET /metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      expectError(await off.get('/metrics'), 404, 'not_found');
      expectError(await off.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }), 404, 'not_found');
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const res = await t.get('/metrics', { headers: authorization ? { authorization } : {} });
      expectError(res, 401, 'login_required', '메트릭을 보려면 올바른 토큰이 필요합니다.');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('serves the Prometheus text format with the token', async () => {
    const res = await t.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'db_pool_connections',
      'db_query_duration_seconds',
      'chat_open_sockets',
      'chat_stomp_sessions',
      'chat_deliveries_total',
      'rate_limit_refusals_total',
      'mails_total',
      'process_resident_memory_bytes',
    ])
      expect(res.body, name).toContain(`# TYPE ${name} `);
  });

  it('counts requests and their duration per route pattern and status', async () => {
    const series = 'http_requests_total{method="GET",route="/api/recruitments/:id",status="404"}';
    const before = sample(await scrape(), series);
    await t.get('/api/recruitments/987654');
    await t.get('/api/recruitments/987655');
    const body = await scrape();
    expect(sample(body, series)).toBe(before + 2);
    expect(sample(body, 'http_request_duration_seconds_count{method="GET",route="/api/recruitments/:id",status="404"}')).toBe(
      before + 2,
    );
    // an unknown path is one bounded label, not one series per URL
    await t.get('/no/such/path/123');
    expect(await scrape()).toContain('route="(unmatched)"');
  });

  it('counts rate-limit refusals by family', async () => {
    const series = 'rate_limit_refusals_total{family="login"}';
    const before = sample(await scrape(), series);
    const ip = nextIp();
    for (let i = 0; i < 12; i++) await t.post('/api/auth/login', { ip, body: { loginId: 'nobody_here', password: 'x' } });
    expect(sample(await scrape(), series)).toBe(before + 2);
  });

  it('counts mails sent and failed', async () => {
    const p = await person(t);
    const q = await person(t);
    await t.post('/api/find/send-code', { ip: nextIp(), body: { email: p.email } });
    t.mailer.failing = true;
    try {
      await t.post('/api/find/send-code', { ip: nextIp(), body: { email: q.email } });
    } finally {
      t.mailer.failing = false;
    }
    const body = await scrape();
    expect(sample(body, 'mails_total{result="sent"}')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'mails_total{result="failed"}')).toBeGreaterThanOrEqual(1);
  });

  it('reports the database pool and, on a PostgreSQL server, statement durations', async () => {
    const body = await scrape();
    expect(sample(body, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    if (t.built.database.kind === 'postgres') expect(sample(body, 'db_query_duration_seconds_count')).toBeGreaterThan(0);
  });
});
