import { Redis } from 'ioredis';

/**
 * A Redis connection that fails fast while Redis is away instead of queueing: a command answers within a
 * second or rejects, and ioredis reconnects every 2 s at most. Errors are reported by whoever uses it
 * (rate-limit fallback, chat broker), so the connection itself stays quiet. A subscriber keeps its commands
 * queued (`subscriber: true`), so a SUBSCRIBE sent while Redis is away runs when it returns.
 */
export function redisConnection(url: string, options: { subscriber?: boolean } = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: options.subscriber === true,
    maxRetriesPerRequest: 1,
    ...(options.subscriber ? {} : { commandTimeout: 1000 }),
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  });
  redis.on('error', () => undefined);
  return redis;
}

/** Closes without waiting on a Redis that is away (QUIT would wait for the reconnect). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}
