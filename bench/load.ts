/**
 * Load test of the post lists, searches and detail, with autocannon (programmatic).
 *
 *   npm run bench                          starts the server in a child process on the seeded database
 *   BASE_URL=http://host:8080 npm run bench  uses a server that is already running
 *
 * Env: DATABASE_URL or DATA_DIR (as for the seed), BENCH_PORT (8090), BENCH_SECONDS (10), BENCH_CONNECTIONS (20).
 * The child server runs with TRUST_PROXY, and each request carries a random X-Forwarded-For, so the
 * per-IP limits (300/min) see many clients, as in production, instead of refusing one busy address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 8090);
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../apps/server/src/main.ts');

async function waitForServer(base: string, child: ChildProcess | null) {
  for (let i = 0; i < 120; i++) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error('server exited during start-up');
    try {
      const res = await fetch(`${base}/api/recruitments/popular`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${base} did not answer`);
}

function startServer(): ChildProcess {
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.resolve(process.env.DATA_DIR ?? './data-bench'),
    WEB_DIST: '/nonexistent',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
}

const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

interface Case {
  name: string;
  path: string;
}

async function run(base: string, c: Case) {
  const result = await autocannon({
    url: base + c.path,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomIp() } }) }],
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${c.name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors/non-2xx ${non2xx}`,
  );
}

async function main() {
  const child = process.env.BASE_URL ? null : startServer();
  const base = process.env.BASE_URL ?? `http://127.0.0.1:${PORT}`;
  try {
    await waitForServer(base, child);
    const popular = (await (await fetch(`${base}/api/recruitments/popular`)).json()) as Array<{ id: number }>;
    const studies = (await (await fetch(`${base}/api/study-groups/popular`)).json()) as Array<{ id: number }>;
    const page0 = (await (await fetch(`${base}/api/recruitments`)).json()) as { totalElements: number };
    console.log(`recruitments: ${page0.totalElements}; ${SECONDS} s per case, ${CONNECTIONS} connections\n`);
    const q = encodeURIComponent;
    const cases: Case[] = [
      { name: 'list recruitments page 0', path: '/api/recruitments?page=0' },
      { name: 'list recruitments page 1000', path: '/api/recruitments?page=1000' },
      { name: 'list study groups page 0', path: '/api/study-groups?page=0' },
      { name: 'search title "머신러닝" (3+, 10%)', path: `/api/recruitments/search?searchType=title&keyword=${q('머신러닝')}` },
      { name: 'search title "자바" (2 chars, 10%)', path: `/api/recruitments/search?searchType=title&keyword=${q('자바')}` },
      { name: 'search all "머신러닝" (3+)', path: `/api/recruitments/search?searchType=all&keyword=${q('머신러닝')}` },
      { name: 'search all "자바" (2 chars)', path: `/api/recruitments/search?searchType=all&keyword=${q('자바')}` },
      { name: 'search title "프로젝트" (3+, 30%)', path: `/api/recruitments/search?searchType=title&keyword=${q('프로젝트')}` },
      { name: 'search content "코드 리뷰" (3+)', path: `/api/study-groups/search?searchType=content&keyword=${q('코드 리뷰')}` },
      { name: 'search creator "김민준" (3+)', path: `/api/recruitments/search?searchType=creator&keyword=${q('김민준')}` },
      { name: 'popular recruitments', path: '/api/recruitments/popular' },
    ];
    if (popular[0]) cases.push({ name: 'detail recruitment', path: `/api/recruitments/${popular[0].id}` });
    if (studies[0]) cases.push({ name: 'detail study group', path: `/api/study-groups/${studies[0].id}` });
    for (const c of cases) await run(base, c);
  } finally {
    child?.kill('SIGTERM');
  }
}

await main();
