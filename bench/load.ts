/**
 * Load test of the post lists, details and searches with autocannon, each case reported as a share of a
 * ceiling measured in the same run (a bare Fastify route with a body of the same size, bench/ceiling.ts).
 *
 *   npm run bench                            PGlite under ./bench/data-bench (seed it first: npm run seed)
 *   DATABASE_URL=postgres://... npm run bench  a PostgreSQL server
 *   BASE_URL=http://host:8080 npm run bench    a server that is already running (no RSS / start-up figures)
 *
 * Env: BENCH_PORT (8090), BENCH_SECONDS (10), BENCH_WARMUP (3 s, see `warmUp`), BENCH_CONNECTIONS (50 for lists and details; searches use
 * BENCH_SEARCH_CONNECTIONS, 20), BENCH_ONLY (comma-separated case-name prefixes; `notifications` runs only when
 * named, bench/notifications.ts), READ_CACHE=off (the server's
 * read cache off), BENCH_LIVE_RATES (the live-traffic case's write rates, "0,5,20"; BENCH_ONLY=live runs only
 * it; bench/live.ts). Every request carries a random X-Forwarded-For (the child runs with TRUST_PROXY), so the
 * per-IP limits see many clients.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { mixedSearchPath } from './keywords.js';
import { LIVE_JWT_SECRET, prepareLive, runLive, type LiveFigures, type LiveSetup } from './live.js';
import { runNotifications } from './notifications.js';
import { pick } from './random.js';
import { serverArgs, serverDir, waitFor } from './server-process.js';

const STACKS = ['React', 'TypeScript', 'Java', 'Spring', 'Python', 'Vue', 'Go', 'AWS', 'Docker', 'Kotlin'];
/** The list filters mixed per request: one or two stacks (recruitments), open only or not, newest or most viewed, pages 0-4. */
export function mixedFilterPath(): string {
  const recruitments = Math.random() < 0.7;
  const params = new URLSearchParams({ page: String((Math.random() * 5) | 0) });
  if (recruitments) for (const s of new Set([pick(STACKS), pick(STACKS)])) params.append('stack', s);
  if (Math.random() < 0.5) params.set('open', 'true');
  if (Math.random() < 0.5) params.set('order', 'views');
  return `/api/${recruitments ? 'recruitments' : 'study-groups'}?${params}`;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 8090);
const CEILING_PORT = PORT + 1;
const ONLY = process.env.BENCH_ONLY?.split(',');
const here = import.meta.dirname;
const LIVE_RATES = (process.env.BENCH_LIVE_RATES ?? '0,5,20').split(',').map(Number);
const runsLive = () => !process.env.BASE_URL && (!ONLY || ONLY.includes('live'));
// only when named: it starts servers of its own, with a mail sink and a push service (bench/notifications.ts)
const runsNotifications = () => !process.env.BASE_URL && ONLY?.includes('notifications');
const dataDir = () => path.resolve(process.env.DATA_DIR ?? path.join(here, 'data-bench'));

function startServer(): { child: ChildProcess; spawnedAt: number } {
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir(),
    // the live case signs its writers' tokens with it
    JWT_SECRET: process.env.JWT_SECRET ?? LIVE_JWT_SECRET,
    // its users are minutes old (docs/api.md §10.4's new-account limits would refuse their writes)
    NEW_ACCOUNT_LIMITS: 'off',
  };
  // What `npm start` runs: the built server when there is one (apps/server/dist), else the TypeScript sources.
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, spawnedAt };
}

const rssMb = (pid: number | undefined) => {
  if (!pid) return NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** One of 4,096 client addresses: under the per-IP limit (300/min) at 6,000 req/s, and a bounded limiter map. */
const randomIp = () => {
  const i = (Math.random() * 4096) | 0;
  return `10.0.${i >> 8}.${i & 255}`;
};

interface Case {
  name: string;
  /** a fixed path, or one per request */
  path: string | (() => string);
  connections: number;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * A freshly started server first runs its code paths cold (V8 compiles them as they get hot, pools connect):
 * in a fresh run that landed in the first case's p99 (list page 0: 48-55 ms against 15-24 ms for the cases
 * after it). The warm-up sends requests of every kind the cases send, but never one of their cache keys:
 * list pages 2-401, details of other posts, and searches for keywords outside the mix.
 */
function warmUpPath(): string {
  const n = 2 + ((Math.random() * 400) | 0);
  const kind = pick(['recruitments', 'study-groups']);
  switch (n % 4) {
    case 0:
      return `/api/${kind}?page=${n}`;
    case 1:
      return `/api/${kind}/${1000 + n}`;
    case 2:
      return `/api/${kind}?page=${n % 5}&stack=${pick(STACKS)}&stack=Rust&order=views`;
    default:
      return `/api/${kind}/search?searchType=${pick(['all', 'title', 'content', 'creator'])}&keyword=${encodeURIComponent(`워밍업${n}`)}`;
  }
}

async function load(base: string, c: Case, seconds = SECONDS): Promise<Figures> {
  const pathOf = typeof c.path === 'string' ? () => c.path as string : c.path;
  const result = await autocannon({
    url: base + pathOf(),
    connections: c.connections,
    duration: seconds,
    requests: [
      { setupRequest: (req) => ({ ...req, path: pathOf(), headers: { ...req.headers, 'x-forwarded-for': randomIp() } }) },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** One connection, one request after another: p50/p95/p99 from every latency (autocannon reports no p95). */
async function sequential(
  base: string,
  pathOf: () => string,
): Promise<{ rps: number; p50: number; p95: number; p99: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get(base + pathOf(), { agent, headers: { 'x-forwarded-for': randomIp() } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
    if (status !== 200) errors++;
    times.push(performance.now() - started);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { rps: times.length / SECONDS, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const line = (name: string, f: Figures, ceiling: number | null, extra = '') =>
  console.log(
    `| ${name} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ceiling ? `${((100 * f.rps) / ceiling).toFixed(1)} %` : ''} | ${f.errors}${extra} |`,
  );

async function measureCeiling(bytes: number): Promise<Figures> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'ceiling.ts')], {
    env: { ...process.env, PORT: String(CEILING_PORT), CEILING_BYTES: String(bytes) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${CEILING_PORT}/ceiling`;
    await waitFor(url, child);
    return await load(`http://127.0.0.1:${CEILING_PORT}`, { name: 'ceiling', path: '/ceiling', connections: CONNECTIONS });
  } finally {
    child.kill('SIGTERM');
  }
}

const liveLine = (f: LiveFigures & { load: string }, ceiling: number) =>
  console.log(
    `| ${f.rate} | ${f.readers.rps.toFixed(0)} | ${((100 * f.readers.rps) / ceiling).toFixed(1)} % | ${ms(f.readers.p50)} | ${ms(f.readers.p99)} | ${f.readers.errors} | ` +
      `${f.writes.acknowledged}/${f.writes.sent} (${Object.entries(f.writes.perKind)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}) | ${f.rate ? ms(f.writes.p50) : '-'} | ${f.rate ? ms(f.writes.p99) : '-'} | ${f.load} |`,
  );

async function main() {
  if (runsNotifications()) {
    await runNotifications({
      source: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: dataDir() },
      dataDir: dataDir(),
      port: PORT,
      jwtSecret: process.env.JWT_SECRET ?? LIVE_JWT_SECRET,
    });
    if (ONLY!.every((o) => o === 'notifications')) return;
  }
  // the live case's writers go in before the server holds the database (PGlite has one owner)
  const liveSetup: LiveSetup | null = runsLive()
    ? await prepareLive(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: dataDir() })
    : null;
  const started = process.env.BASE_URL ? null : startServer();
  const base = process.env.BASE_URL ?? `http://127.0.0.1:${PORT}`;
  try {
    const startup = await waitFor(`${base}/api/recruitments/popular`, started?.child ?? null);
    const popular = (await (await fetch(`${base}/api/recruitments/popular`)).json()) as Array<{ id: number }>;
    const page0 = await (await fetch(`${base}/api/recruitments?page=0`)).text();
    const total = (JSON.parse(page0) as { totalElements: number }).totalElements;
    const db = process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (embedded)';
    console.log(
      `${db}; ${total} recruitments; ${SECONDS} s per case; ${CONNECTIONS} connections (searches ${SEARCH_CONNECTIONS});`,
    );
    console.log(
      `read cache ${process.env.READ_CACHE === 'off' ? 'off' : 'on'}; warm-up ${WARMUP_SECONDS} s; server ready ${started ? ms(startup) : '-'} after spawn; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
    );
    if (WARMUP_SECONDS > 0) await load(base, { name: 'warm-up', path: warmUpPath, connections: CONNECTIONS }, WARMUP_SECONDS);
    const bytes = Buffer.byteLength(page0);
    const ceilingBefore = await measureCeiling(bytes);
    const q = encodeURIComponent;
    const search = (type: string, keyword: string, kind = 'recruitments') =>
      `/api/${kind}/search?searchType=${type}&keyword=${q(keyword)}`;
    const cases: Case[] = [
      { name: 'GET /api/recruitments?page=0', path: '/api/recruitments?page=0', connections: CONNECTIONS },
      // the server-rendered pages (cached HTML, sent uncompressed: autocannon sends no Accept-Encoding)
      { name: 'page / (HTML)', path: '/', connections: CONNECTIONS },
      { name: 'page /recruitments (HTML)', path: '/recruitments', connections: CONNECTIONS },
      { name: 'page /recruitment/{id} (HTML)', path: `/recruitment/${popular[0]?.id ?? 1}`, connections: CONNECTIONS },
      { name: 'GET /api/recruitments/{id}', path: `/api/recruitments/${popular[0]?.id ?? 1}`, connections: CONNECTIONS },
      { name: 'GET /api/recruitments?page=1000', path: '/api/recruitments?page=1000', connections: CONNECTIONS },
      { name: 'GET /api/study-groups?page=0', path: '/api/study-groups?page=0', connections: CONNECTIONS },
      { name: 'popular recruitments', path: '/api/recruitments/popular', connections: CONNECTIONS },
      {
        name: 'filtered list: 2 stacks, open, by views',
        path: '/api/recruitments?stack=React&stack=Java&open=true&order=views',
        connections: CONNECTIONS,
      },
      { name: 'filtered lists mixed (stacks, open, order, pages 0-4)', path: mixedFilterPath, connections: CONNECTIONS },
      { name: 'search mixed keywords (every type, 2-6 chars)', path: mixedSearchPath, connections: SEARCH_CONNECTIONS },
      { name: 'search all "자바" (2 chars)', path: search('all', '자바'), connections: SEARCH_CONNECTIONS },
      { name: 'search all "머신러닝" (3+)', path: search('all', '머신러닝'), connections: SEARCH_CONNECTIONS },
      { name: 'search title "프로젝트" (30 %)', path: search('title', '프로젝트'), connections: SEARCH_CONNECTIONS },
      {
        name: 'search content "코드 리뷰"',
        path: search('content', '코드 리뷰', 'study-groups'),
        connections: SEARCH_CONNECTIONS,
      },
      { name: 'search creator "김민준"', path: search('creator', '김민준'), connections: SEARCH_CONNECTIONS },
    ];
    const results: Array<[string, Figures, string]> = [];
    for (const c of cases) {
      if (ONLY && !ONLY.some((o) => c.name.startsWith(o))) continue;
      results.push([c.name, await load(base, c), '']);
    }
    if (!ONLY || ONLY.some((o) => 'search mixed keywords, 1 connection'.startsWith(o))) {
      const f = await sequential(base, mixedSearchPath);
      results.push(['search mixed keywords, 1 connection', f, ` (p95 ${ms(f.p95)})`]);
    }
    const live: Array<LiveFigures & { load: string }> = [];
    for (const rate of liveSetup ? LIVE_RATES : []) {
      const f = await runLive(base, liveSetup!, rate, SECONDS, CONNECTIONS, live.length * 1000);
      live.push({ ...f, load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') });
    }
    const rss = rssMb(started?.child.pid);
    // The ceiling before and after the cases; shares are of the higher one (the conservative figure).
    const ceilingAfter = await measureCeiling(bytes);
    const ceiling = Math.max(ceilingBefore.rps, ceilingAfter.rps);
    console.log('| case | req/s | p50 | p99 | share of the ceiling | errors |\n|---|---|---|---|---|---|');
    line(`bare Fastify, ${bytes} B JSON (ceiling, before)`, ceilingBefore, ceiling);
    line(`bare Fastify, ${bytes} B JSON (ceiling, after)`, ceilingAfter, ceiling);
    for (const [name, f, extra] of results) line(name, f, name.endsWith('1 connection') ? null : ceiling, extra);
    if (live.length > 0) {
      console.log(
        '\nlive traffic: readers (lists 0-9, 500 newest open details, mixed search, popular) while writes go\n' +
          '| writes/s | readers req/s | share of the ceiling | p50 | p99 | reader errors | writes acknowledged | write p50 | write p99 | load after |\n|---|---|---|---|---|---|---|---|---|---|',
      );
      for (const f of live) liveLine(f, ceiling);
    }
    if (started) console.log(`\nserver RSS after the load: ${rss.toFixed(0)} MB`);
  } finally {
    started?.child.kill('SIGTERM');
  }
}

await main();
