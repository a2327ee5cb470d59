import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.js';
import { pendingMigrations } from '../../db/migrate.js';
import { selectOne } from './queries.js';

/** How long each readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  database: Database;
  /** the rate-limit connection, when REDIS_URL is set */
  redis: Redis | null;
}

/** The failed checks (empty when ready): the database answers, every migration is applied, Redis answers. */
export async function readinessProblems({ database, redis }: ReadinessDeps): Promise<string[]> {
  const problems: string[] = [];
  const check = async (name: string, run: () => Promise<unknown>) => {
    try {
      await withTimeout(run(), CHECK_TIMEOUT_MS);
      return true;
    } catch (err) {
      problems.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  };
  // migrations are not worth asking about when the database does not answer
  if (await check('database', () => selectOne(database.db))) {
    await check('migrations', async () => {
      const pending = await pendingMigrations(database.db);
      if (pending.length > 0) throw new Error(`${pending.length} pending`);
    });
  }
  if (redis) await check('redis', () => redis.ping());
  return problems;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
