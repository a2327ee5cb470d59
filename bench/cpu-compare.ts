/**
 * What a cached read costs the server in CPU, for several builds on one PostgreSQL database. On a virtual machine
 * whose minute-to-minute spread is as large as a 15 % difference, requests per second cannot place such a gap; the
 * server process's own CPU time (user + system, from /proc) over a fixed number of requests moves far less with the
 * neighbours' load. The builds take turns, every case once a round.
 *
 *   npm run bench:cpu-compare -w bench
 *
 * Env: CPU_BUILDS (comma-separated revisions, `ae8365e,HEAD`), CPU_POSTS (20,000), CPU_ROUNDS (3), CPU_REQUESTS
 * (40,000 a case), BENCH_CONNECTIONS (50), DATABASE_URL (the PostgreSQL server to make the database on),
 * CPU_PORT (18390). The database, the worktrees and the builds are removed at the end.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiInstanceEnv, Instance, seed, throwawayDatabase } from './drill/cluster.js';
import { builtRevision } from './drill/older-checkout.js';
import { randomIp } from './random.js';
import { runCleanly, type CleanUps } from './drill/run-cleanly.js';

const BUILDS = (process.env.CPU_BUILDS ?? 'ae8365e,HEAD').split(',');
const POSTS = Number(process.env.CPU_POSTS ?? 20_000);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3);
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 40_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.CPU_PORT ?? 18390);

const TICK_US = 1_000_000 / 100;
/** user + system CPU of a process, in microseconds (fields 14 and 15 of /proc/pid/stat, in clock ticks) */
function cpuMicros(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const CASES = [
  { name: 'cached detail', path: (id: number) => `/api/recruitments/${id}` },
  { name: 'list page 0', path: () => '/api/recruitments?page=0' },
  { name: 'study groups page 0', path: () => '/api/study-groups?page=0' },
  { name: 'popular', path: () => '/api/recruitments/popular' },
];

async function measure(base: string, pid: number, path: string) {
  const before = cpuMicros(pid);
  const result = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    amount: REQUESTS,
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomIp() } }) }],
  });
  const used = cpuMicros(pid) - before;
  const answered = result.requests.total;
  return { usPerRequest: used / answered, rps: result.requests.average, errors: result.non2xx + result.errors };
}

/** the middle value, or the mean of the middle two */
function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(cleanUps: CleanUps) {
  const builds: Array<{ rev: string; out: string }> = [];
  for (const wanted of BUILDS) builds.push(await builtRevision(wanted, cleanUps));
  const database = await throwawayDatabase(ADMIN_URL, `cpu_${Date.now().toString(36)}`);
  cleanUps.push(() => database.drop());
  seed(database.url, POSTS, 2000);
  console.log(`built ${builds.map((b) => b.rev).join(', ')}; ${POSTS} posts seeded`);

  const figures = new Map<string, Array<{ usPerRequest: number; rps: number }>>();
  for (let round = 0; round < ROUNDS; round++)
    for (const { rev, out } of builds) {
      const instance = new Instance(
        `cpu-${rev}`,
        PORT,
        path.join(out, 'main.js'),
        apiInstanceEnv(database.url, { RUN_JOBS: 'false' }),
      );
      cleanUps.push(() => instance.kill());
      await instance.start();
      const base = `http://127.0.0.1:${PORT}`;
      const list = (await (await fetch(`${base}/api/recruitments?page=0`)).json()) as { content: Array<{ id: number }> };
      const id = list.content[0]!.id;
      for (const c of CASES) await measure(base, instance.child!.pid!, c.path(id)); // V8 warms the paths up
      for (const c of CASES) {
        const f = await measure(base, instance.child!.pid!, c.path(id));
        const key = `${c.name}|${rev}`;
        figures.set(key, [...(figures.get(key) ?? []), f]);
        console.log(
          `round ${round + 1} ${rev} ${c.name}: ${f.usPerRequest.toFixed(1)} µs CPU a request, ${f.rps.toFixed(0)} req/s, errors ${f.errors}`,
        );
      }
      await instance.stop();
      instance.removeData();
    }

  console.log(`\n| case | ${builds.map((b) => `${b.rev} µs CPU / request (req/s)`).join(' | ')} |`);
  console.log(`|---|${builds.map(() => '---').join('|')}|`);
  for (const c of CASES)
    console.log(
      `| ${c.name} | ${builds
        .map((b) => {
          const rows = figures.get(`${c.name}|${b.rev}`) ?? [];
          return `${median(rows.map((r) => r.usPerRequest)).toFixed(1)} (${median(rows.map((r) => r.rps)).toFixed(0)})`;
        })
        .join(' | ')} |`,
    );
}

await runCleanly(async (cleanUps) => (await main(cleanUps), true));
