import { BLOCK_LIMIT } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { LOCK, lockExclusive } from '../../db/locks.js';
import { holdActiveUser, isSystemUser, lockActiveActor } from '../account/queries.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { isSelf } from './policy.js';
import { blockCount, blockRows, deleteBlock, insertBlock } from './queries.js';
import { BLOCK_TEXTS } from './texts.js';

/**
 * 404 unless `userId` is an active, non-system user. Holds that user's shared activity lock until the
 * transaction ends, so a withdrawal in progress either removes the row written here or makes the user unknown.
 */
async function holdBlockableUser(tx: Db, userId: number): Promise<void> {
  const active = await holdActiveUser(tx, userId);
  const system = active ? await isSystemUser(tx, userId) : undefined;
  if (system !== false) throw new NotFound(BLOCK_TEXTS.userNotFound, 'user_not_found');
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
    // two blocks at once cannot both pass the limit
    await lockExclusive(tx, LOCK.userBlocks, user.id);
    const added = await insertBlock(tx, user.id, userId, ctx.clock.now());
    if (added && (await blockCount(tx, user.id)) > BLOCK_LIMIT) {
      throw new BadRequest(BLOCK_TEXTS.limit, 'block_limit');
    }
  });
}

/** DELETE /api/blocks/{userId}: idempotent (removing a block that is not there changes nothing). */
export async function unblockUser(ctx: AppContext, user: AuthUser, userId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await holdBlockableUser(tx, userId);
    await deleteBlock(tx, user.id, userId);
  });
}
