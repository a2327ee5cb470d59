// npm start: builds the web app and the server (to JavaScript, scripts/build-server.mjs) when their sources are newer
// than their builds, then serves everything on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(
  process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist'),
  'index.html',
);

/** The newest modification time under a folder, or of a file. */
const newest = (entry) =>
  statSync(entry).isDirectory()
    ? Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))))
    : statSync(entry).mtimeMs;

// The web app is built again when one of its sources (or the contract it imports) is newer than its build: a pull
// followed by `npm start` serves what was pulled. A WEB_DIST given from outside is served as it is.
const webSources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];
if (!process.env.WEB_DIST) {
  const built = existsSync(webIndex);
  if (!built || Math.max(...webSources.map((s) => newest(path.join(root, s)))) > statSync(webIndex).mtimeMs) {
    console.log(built ? '[start] building the web app (its sources changed)...' : '[start] building the web app (first run)...');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

// Running the built JavaScript instead of TypeScript through tsx: ready ~1.5 s sooner, ~80 MB less RSS (bench/README.md).
const serverJs = path.join(root, 'apps/server/dist/main.js');
const sources = ['apps/server/src', 'packages/contract/src'].map((d) => path.join(root, d));
const built = [serverJs, path.join(root, 'apps/server/dist/pglite-thread.js')].every((file) => existsSync(file));
if (!built || Math.max(...sources.map(newest)) > statSync(serverJs).mtimeMs) {
  console.log('[start] building the server...');
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR || 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
