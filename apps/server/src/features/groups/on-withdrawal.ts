import { BadRequest } from '../../lib/errors.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { type TxScope } from '../../lib/transaction.js';
import { type WithdrawingUser, WITHDRAWAL_STEP } from '../events.js';
import { removeMembership } from './members.js';
import { administersAGroup, membershipsOf } from './queries.js';

/** docs/api.md §3.1: a group admin must delete the group first. */
async function refuseGroupAdmin(db: Db, user: { id: number }) {
  if (await administersAGroup(db, user.id)) {
    throw new BadRequest('관리 중인 그룹이 있어 탈퇴할 수 없습니다. 그룹을 먼저 삭제해주세요.', 'group_admin');
  }
}

/**
 * docs/api.md §7: each membership ends as a leave (-1 never below 1, the user's schedules in it removed, the leave
 * chat line through `group.memberRemoved`), named with the nickname the user had before withdrawing.
 */
async function leaveGroups(ctx: AppContext, scope: TxScope, user: WithdrawingUser) {
  for (const group of await membershipsOf(scope.tx, user.id)) {
    await removeMembership(ctx, scope, group, { userId: user.id, nickname: user.nickname }, 'withdrawal');
  }
}

export function groupWithdrawalHooks(ctx: AppContext) {
  ctx.events.on('account.withdrawalCheck', ({ tx }, { user }) => refuseGroupAdmin(tx, user));
  ctx.events.on('account.withdrawing', (scope, { user }) => leaveGroups(ctx, scope, user), WITHDRAWAL_STEP.groups);
}
