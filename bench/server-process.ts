/** Starting the app's server as a child process, as `npm start` runs it (load.ts, notifications.ts). */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
export const serverDir = path.join(here, '../apps/server');

/** The built server when there is one (apps/server/dist), else the TypeScript sources through tsx. */
export function serverArgs(): string[] {
  try {
    readFileSync(path.join(serverDir, 'dist/main.js'));
    return ['dist/main.js'];
  } catch {
    return ['--import', 'tsx', 'src/main.ts'];
  }
}

/** Waits for `url` to answer 2xx; the milliseconds it took. Throws if `child` exits first or after 3 minutes. */
export async function waitFor(url: string, child: ChildProcess | null): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 180_000) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error('server exited during start-up');
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer`);
}
