// Builds the server to JavaScript for `npm start` (apps/server/dist/main.js, and pglite-thread.js beside it: the
// embedded database's thread, which main.js starts): no TypeScript loader at run time. Dependencies stay in
// node_modules; the workspace's own TypeScript packages are bundled in.
// Tests and `npm run dev` keep running the TypeScript sources.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const server = path.resolve(import.meta.dirname, '../apps/server');
const { dependencies } = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));

export async function buildServer() {
  const out = path.join(server, 'dist');
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'pglite-thread': path.join(server, 'src/db/pglite-thread.ts'),
    },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@app/')),
    logLevel: 'warning',
  });
  // read at run time next to the code (db/migrate.ts)
  cpSync(path.join(server, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
