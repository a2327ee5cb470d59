import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

/** A side effect that must not happen unless the surrounding transaction commits (a publish, a mail, a socket close). */
export type Effect = () => void | Promise<void>;

/** What a transaction hands to the code it runs: the transaction itself and the queue of after-commit effects. */
export interface TxScope {
  tx: Db;
  now: Date;
  afterCommit(effect: Effect): void;
}

/**
 * Runs `work` in one transaction and, only once it has committed, its after-commit effects in the order they were
 * registered. A rolled-back transaction runs none of them. A failing effect is logged, never turned into a failed
 * request: the data it reacts to is already committed.
 */
export function inTransaction<T>(db: Db, log: FastifyBaseLogger, now: Date, work: (scope: TxScope) => Promise<T>): Promise<T> {
  return withAfterCommit(log, (afterCommit) => db.transaction((tx) => work({ tx, now, afterCommit })));
}

/**
 * For work that is one statement, which commits on its own (no BEGIN and COMMIT round trips): the same scope as
 * {@link inTransaction}, whose after-commit effects run once `work` has returned. There is no transaction for a
 * handler to write in, so only emit events whose handlers defer (`afterCommit`) and never write.
 */
export function inOneStatement<T>(db: Db, log: FastifyBaseLogger, now: Date, work: (scope: TxScope) => Promise<T>): Promise<T> {
  return withAfterCommit(log, (afterCommit) => work({ tx: db, now, afterCommit }));
}

/** Runs `run`, then (unless it threw) the effects it queued, in order. */
async function withAfterCommit<T>(log: FastifyBaseLogger, run: (afterCommit: (effect: Effect) => void) => Promise<T>) {
  const effects: Effect[] = [];
  const result = await run((effect) => effects.push(effect));
  await runEffects(effects, log);
  return result;
}

export async function runEffects(effects: Effect[], log: FastifyBaseLogger): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      log.error({ err }, 'after-commit effect failed');
    }
  }
}
