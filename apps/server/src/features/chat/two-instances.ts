import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { RedisBroker } from '../../realtime/broker/redis.js';
import { createTestApp } from '../../../test/helpers.js';
import { NOON_SEOUL } from '../posts/testing.js';
import { listen } from './testing.js';

/**
 * Two real instances for tests: two apps on one PostgreSQL database, fanning out through Redis. PGlite cannot be
 * shared by two apps, so they run only with TEST_DATABASE_URL, and only where Redis answers.
 */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = pino({ level: 'silent' });

export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Why the multi-instance tests cannot run here, or null. */
export const multiInstanceSkipReason = !process.env.TEST_DATABASE_URL
  ? 'needs TEST_DATABASE_URL: two instances cannot share one PGlite database'
  : !(await redisAnswers(REDIS_URL))
    ? `no Redis answers at ${REDIS_URL}`
    : null;

export async function twoInstances(redisUrl: string) {
  const channel = `chat:test:${randomBytes(4).toString('hex')}`;
  const brokerA = new RedisBroker(redisUrl, log, channel);
  const a = await createTestApp({ now: NOON_SEOUL, broker: brokerA });
  const brokerB = new RedisBroker(redisUrl, log, channel);
  const b = await createTestApp({ now: NOON_SEOUL, database: a.database, broker: brokerB });
  await Promise.all([brokerA.ready(), brokerB.ready()]);
  return { a, b, hostA: await listen(a), hostB: await listen(b), brokerA, brokerB };
}
