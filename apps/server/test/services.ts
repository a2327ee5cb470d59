import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Throwaway PostgreSQL and Redis servers for the outage tests, which stop and start them: never the shared
 * services. Binaries: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin, else initdb on the PATH; redis-server
 * on the PATH. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (runuser).
 * A missing binary fails the test with the command that installs it.
 */

const INSTALL_HINT = 'apt-get install -y postgresql redis-server';

/** A free TCP port; TEST_SERVICE_PORTS=from-to keeps it inside a range (a shared machine). */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_SERVICE_PORTS ?? '');
  const candidates = range ? shuffle(rangeOf(Number(range[1]), Number(range[2]))) : [0];
  for (const port of candidates) {
    const got = await new Promise<number | null>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    if (got) return got;
  }
  throw new Error(`no free port in ${process.env.TEST_SERVICE_PORTS}`);
}

const rangeOf = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const shuffle = <T>(xs: T[]) => xs.sort(() => Math.random() - 0.5);

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  try {
    return path.dirname(execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error(`PostgreSQL server binaries (initdb, pg_ctl) not found: set PG_BIN or ${INSTALL_HINT}`);
  }
}

export interface PostgresCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** initdb in a temporary folder and a server on a free port (trust auth, local only). */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-outage-'));
  if (asRoot) {
    let ids: string[];
    try {
      ids = ['-u', '-g'].map((f) => execFileSync('id', [f, 'postgres'], { encoding: 'utf8' }).trim());
    } catch {
      throw new Error(`running as root, PostgreSQL needs the "postgres" user to run as: ${INSTALL_HINT}`);
    }
    chownSync(dir, Number(ids[0]), Number(ids[1]));
  }
  const run = (tool: string, args: string[]) => {
    const [cmd, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    execFileSync(cmd, all, { stdio: 'pipe', cwd: dir });
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  start();
  const destroy = () => {
    try {
      stop();
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // a test process that dies before its afterAll leaves no server behind
  process.once('exit', destroy);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, start, stop, destroy };
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** redis-server on a free port, without persistence; stop() ends the process, start() runs a new one. */
export async function startRedis(): Promise<RedisServer> {
  try {
    execFileSync('sh', ['-c', 'command -v redis-server'], { stdio: 'pipe' });
  } catch {
    throw new Error(`redis-server not found on the PATH: ${INSTALL_HINT}`);
  }
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    // already running: a second server could not bind the port, and stop() would then end only that one
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await answers(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  process.once('exit', () => child?.kill('SIGKILL'));
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(String(d).startsWith('+PONG'));
    });
    s.once('error', () => resolve(false));
  });
}
