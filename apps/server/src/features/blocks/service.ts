import { sql } from 'drizzle-orm';
import { BLOCK_LIMIT } from '@app/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type Db } from '../../db/client.js';
import { LOCK, lockExclusive } from '../../db/locks.js';
import { holdActiveUser, lockActiveActor } from '../account/queries.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/request-auth.js';
import { isSelf } from './policy.js';
import { blockCount, blockRows } from './queries.js';
import { BLOCK_TEXTS } from './texts.js';

/**
 * 404 unless `userId` is an active, non-system user. Holds that user's shared activity lock until the
 * transaction ends, so a withdrawal in progress either removes the row written here or makes the user unknown.
 */
async function holdBlockableUser(tx: Db, userId: number): Promise<void> {
  const active = await holdActiveUser(tx, userId);
  const [row] = active ? await queryRows<{ system: boolean }>(tx, sql`SELECT system FROM users WHERE id = ${userId}`) : [];
  if (!row || row.system) throw new NotFound(BLOCK_TEXTS.userNotFound, 'user_not_found');
}

export function listBlocks(ctx: AppContext, user: AuthUser) {
  return blockRows(ctx.db, user.id);
}

/** PUT /api/blocks/{userId}: idempotent (ON CONFLICT DO NOTHING keeps the first time); at most BLOCK_LIMIT. */
export async function blockUser(ctx: AppContext, user: AuthUser, userId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockActiveActor(tx, user.id);
    await holdBlockableUser(tx, userId);
    if (isSelf(user, userId)) throw new BadRequest(BLOCK_TEXTS.self, 'block_self');
    await lockExclusive(tx, LOCK.userBlocks, user.id);
    const added = await queryRows(
      tx,
      sql`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (${user.id}, ${userId}, ${ctx.clock.now()})
          ON CONFLICT DO NOTHING RETURNING blocked_id`,
    );
    if (added.length > 0 && (await blockCount(tx, user.id)) > BLOCK_LIMIT) {
      throw new BadRequest(BLOCK_TEXTS.limit, 'block_limit');
    }
  });
}

/** DELETE /api/blocks/{userId}: idempotent (removing a block that is not there changes nothing). */
export async function unblockUser(ctx: AppContext, user: AuthUser, userId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await holdBlockableUser(tx, userId);
    await tx.execute(sql`DELETE FROM blocks WHERE blocker_id = ${user.id} AND blocked_id = ${userId}`);
  });
}
