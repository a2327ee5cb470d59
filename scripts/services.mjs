// Throwaway PostgreSQL and Redis servers: for `npm test` (the PostgreSQL pass and the Redis tests, when no
// TEST_DATABASE_URL / TEST_REDIS_URL is given) and for the outage tests, which stop and start them. Never the
// machine's shared services. Binaries: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin, else initdb on the PATH;
// redis-server on the PATH. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (runuser).
// Types for TypeScript callers: services.d.mts beside this file.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const INSTALL_HINT = 'apt-get install -y postgresql redis-server';

/** A free TCP port; TEST_SERVICE_PORTS=from-to keeps it inside a range (a shared machine). */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_SERVICE_PORTS ?? '');
  const candidates = range ? shuffle(rangeOf(Number(range[1]), Number(range[2]))) : [0];
  for (const port of candidates) {
    const got = await new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const p = srv.address().port;
        srv.close(() => resolve(p));
      });
    });
    if (got) return got;
  }
  throw new Error(`no free port in ${process.env.TEST_SERVICE_PORTS}`);
}

const rangeOf = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const shuffle = (xs) => xs.sort(() => Math.random() - 0.5);

const onPath = (name) => {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
};

/** The folder holding initdb and pg_ctl, or null when the PostgreSQL server is not installed. */
export function findPostgresBin() {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  const initdb = onPath('initdb');
  return initdb ? path.dirname(initdb) : null;
}

/** Whether redis-server is on the PATH. */
export const hasRedisServer = () => onPath('redis-server') !== null;

/**
 * initdb in a temporary folder (UTF-8, locale C.UTF-8: lower() and ILIKE fold non-ASCII letters as on Debian's
 * clusters) and a server on a free port (trust auth, local only); `database` is created when
 * given and named in the URL (else the URL names `postgres`). `fsync: false` for a server whose data never has to
 * survive a crash of the machine (a test pass), on by default (the outage tests stop it under load).
 */
export async function startPostgres({ database, fsync = true } = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error(`PostgreSQL server binaries (initdb, pg_ctl) not found: set PG_BIN or ${INSTALL_HINT}`);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  if (asRoot) {
    let ids;
    try {
      ids = ['-u', '-g'].map((f) => execFileSync('id', [f, 'postgres'], { encoding: 'utf8' }).trim());
    } catch {
      throw new Error(`running as root, PostgreSQL needs the "postgres" user to run as: ${INSTALL_HINT}`);
    }
    chownSync(dir, Number(ids[0]), Number(ids[1]));
  }
  const run = (tool, args) => {
    const [cmd, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    execFileSync(cmd, all, { stdio: 'pipe', cwd: dir });
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${fsync ? 'on' : 'off'}`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    try {
      stop();
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // a process that dies before its cleanup leaves no server behind
  process.once('exit', destroy);
  start();
  if (database) run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  return { url: `postgres://postgres@127.0.0.1:${port}/${database ?? 'postgres'}`, start, stop, destroy };
}

/** redis-server on a free port, without persistence; stop() ends the process, start() runs a new one. */
export async function startRedis() {
  if (!hasRedisServer()) throw new Error(`redis-server not found on the PATH: ${INSTALL_HINT}`);
  const port = await freePort();
  let child = null;
  const start = async () => {
    // already running: a second server could not bind the port, and stop() would then end only that one
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await answers(port)) return;
      await sleep(50);
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  const kill = () => child?.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, destroy: kill };
}

function answers(port) {
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
