import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from './cluster.js';
import type { CleanUps } from './run-cleanly.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A worktree of `rev` in `dir` whose node_modules are this checkout's, but for the workspace packages, which are its
 * own (the older server builds from its own sources and contract), and for the server's dependencies this checkout
 * no longer has, which are installed beside it. Build the older server into `dir` (its apps/server), so that it
 * resolves them at run time. Returns the short commit id.
 */
export function olderCheckout(rev: string, dir: string) {
  execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, rev], { cwd: root, stdio: 'ignore' });
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@app'), { recursive: true });
  const ours = path.join(root, 'node_modules');
  const linkAll = (from: string, skip: (name: string) => boolean) => {
    for (const name of readdirSync(from)) {
      if (skip(name)) continue;
      if (name.startsWith('@')) {
        mkdirSync(path.join(modules, name), { recursive: true });
        for (const inner of readdirSync(path.join(from, name)))
          if (!existsSync(path.join(modules, name, inner)))
            symlinkSync(path.join(from, name, inner), path.join(modules, name, inner));
      } else if (!existsSync(path.join(modules, name))) symlinkSync(path.join(from, name), path.join(modules, name));
    }
  };
  for (const [name, folder] of [
    ['contract', 'packages/contract'],
    ['server', 'apps/server'],
  ])
    symlinkSync(path.join(dir, folder), path.join(modules, '@app', name));

  const { dependencies } = JSON.parse(readFileSync(path.join(dir, 'apps/server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const missing = Object.entries(dependencies).filter(
    ([name]) => !name.startsWith('@app/') && !existsSync(path.join(ours, name)),
  );
  if (missing.length > 0) {
    const extra = path.join(dir, '.older-dependencies');
    mkdirSync(extra, { recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--prefix',
        extra,
        ...missing.map(([n, v]) => `${n}@${v}`),
      ],
      { stdio: 'ignore' },
    );
    // only the missing packages: theirs resolve from where they are installed
    for (const [name] of missing) {
      mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
      symlinkSync(path.join(extra, 'node_modules', name), path.join(modules, name));
    }
  }
  linkAll(ours, (name) => name === '@app' || name === '.bin');
  return execFileSync('git', ['rev-parse', '--short', rev], { cwd: root, encoding: 'utf8' }).trim();
}

/**
 * The server of `rev` built as `npm start` runs it: `HEAD` is this checkout's working tree; another revision is built
 * inside its own worktree, so that it runs on that checkout's dependencies. Both are removed by `cleanUps`.
 */
export async function builtRevision(rev: string, cleanUps: CleanUps): Promise<{ rev: string; out: string }> {
  if (rev === 'HEAD') {
    const out = path.join(root, `apps/server/dist/bench-${process.pid}`);
    cleanUps.push(() => rmSync(out, { recursive: true, force: true }));
    await buildServer(out);
    return { rev: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(), out };
  }
  const worktree = path.join(os.tmpdir(), `bench-${rev}-${process.pid}`);
  cleanUps.push(() => execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: root, stdio: 'ignore' }));
  const short = olderCheckout(rev, worktree);
  const out = path.join(worktree, 'apps/server/dist/bench');
  await buildServer(out, path.join(worktree, 'apps/server'));
  return { rev: short, out };
}
