import type { AppContext } from '../../context.js';
import { Conflict } from '../../lib/errors.js';
import { touched } from '../../lib/public-changes.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { bumpRecords, dropConsentsOf, groupStatus, holdGroupStatus, holdMemberships, lockGroupForDeletion } from './queries.js';
import { registerReviewReminders } from './reminders.js';
import { TEAM_TEXTS } from './texts.js';

const groupCompleted = () => new Conflict(TEAM_TEXTS.completed, 'group_completed');

/**
 * The record counters, counted in the transactions that change memberships (docs/api.md §10.2), and the guards that
 * keep a completion racing an invite, a kick or a deletion from letting both happen.
 */
export function teamHooks(ctx: AppContext) {
  ctx.events.on('group.memberJoined', async ({ tx }, { groupId, userId, joinedBy }) => {
    // an invite holds the group's row, so a completion either comes first (refused here) or waits for it
    if (joinedBy === 'INVITE' && (await holdGroupStatus(tx, groupId)) === 'COMPLETED') throw groupCompleted();
    await bumpRecords(tx, [userId], 'joined');
  });

  // A completion holds the memberships first (teams/queries.ts holdMemberships), so the status read here is the one
  // this removal is ordered after.
  ctx.events.on('group.memberRemoved', async ({ tx }, { groupId, userId, reason }) => {
    if ((await groupStatus(tx, groupId)) === 'COMPLETED') {
      if (reason === 'kick') throw groupCompleted();
      return;
    }
    await bumpRecords(tx, [userId], 'left_early');
  });

  ctx.events.on('group.deleting', async ({ tx }, { groupId }) => {
    await holdMemberships(tx, groupId);
    if ((await lockGroupForDeletion(tx, groupId)) === 'COMPLETED') throw groupCompleted();
  });

  ctx.events.on(
    'account.withdrawing',
    async (scope, { user }) => {
      const groupIds = await dropConsentsOf(scope.tx, user.id);
      scope.afterCommit(() => {
        for (const id of groupIds) ctx.changes.publish(touched.showcase(id));
      });
    },
    WITHDRAWAL_STEP.ownRows,
  );

  registerReviewReminders(ctx);
}
