import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { deleteFeedsOf, deleteMemberFeed } from './queries.js';

/**
 * A feed ends with its owner's membership (leave, kick) and with the account (docs/api.md §10.1); the rows also go
 * with the membership by foreign key, and a member invited again gets a new secret.
 */
export function calendarFeedHooks(ctx: AppContext) {
  ctx.events.on('group.memberRemoved', ({ tx }, { groupId, userId }) => deleteMemberFeed(tx, groupId, userId));
  ctx.events.on('account.withdrawing', ({ tx }, { user }) => deleteFeedsOf(tx, user.id), WITHDRAWAL_STEP.ownRows);
}
