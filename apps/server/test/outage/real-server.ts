import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_JWT_SECRET } from '../signed-token.js';
import { freePort } from '../services.js';

/**
 * The real server for the outage tests: `node --import tsx src/main.ts` in a process of its own, its worker polling
 * every second on the real clock, so a test can kill it with SIGKILL (nothing of its shutdown runs).
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

export interface RealServer {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** Starts a server with `env` (the database, DATA_DIR, mail) and waits until it is ready; tokens of the test apps are valid. */
export async function startRealServer(env: Record<string, string>): Promise<RealServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      WEB_DIST: '/nonexistent',
      WEB_SSR: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const server = { child, base: `http://127.0.0.1:${port}`, output: [] as string[] };
  child.stdout!.on('data', (c: Buffer) => server.output.push(String(c)));
  child.stderr!.on('data', (c: Buffer) => server.output.push(String(c)));
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${server.output.join('')}`);
    const ready = await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ready) return server;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not get ready:\n${server.output.join('')}`);
    }
    await sleep(250);
  }
}

/** Sends `signal` and waits for the process to end (nothing when it has ended already). */
export async function stopRealServer(server: RealServer, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
