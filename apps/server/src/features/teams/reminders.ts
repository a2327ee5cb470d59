import type { AppContext } from '../../context.js';
import type { Job } from '../../lib/job-worker.js';
import { inTransaction } from '../../lib/transaction.js';
import { isWindowOpen } from './policy.js';
import { completedGroup, finishJob, reviewersWithReviewsLeft } from './queries.js';
import { reviewReminderMessage } from './texts.js';

/** The job queued at completion, due 3 days before the review window ends; one per group (its key). */
export const REVIEW_REMINDER = 'review-reminder';

/**
 * The second REVIEW_REQUEST (docs/api.md §10.2): each member at completion, not withdrawn, who still has someone to
 * review gets it, written with the job's completion in one transaction (a crash repeats all of it or none). A group
 * deleted, or a window already closed, sends nothing.
 */
async function remindReviews(ctx: AppContext, job: Job): Promise<string | { finishedAs: string }> {
  const groupId = Number(job.payload.groupId);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const group = await completedGroup(scope.tx, groupId);
    let outcome: string;
    if (!group) outcome = 'group_gone';
    else if (!isWindowOpen(group, now)) outcome = 'window_closed';
    else {
      const receiverIds = await reviewersWithReviewsLeft(scope.tx, groupId);
      if (receiverIds.length > 0)
        await ctx.events.emit(scope, 'message.systemNotice', {
          receiverIds,
          note: { content: reviewReminderMessage(group.name), type: 'REVIEW_REQUEST', link: `/groups/${groupId}/reviews` },
        });
      outcome = `reminded:${receiverIds.length}`;
    }
    await finishJob(scope.tx, job.id, now, outcome);
    scope.afterCommit(() => ctx.jobs.wake());
    return { finishedAs: outcome };
  });
}

export function registerReviewReminders(ctx: AppContext) {
  ctx.jobs.handle(REVIEW_REMINDER, (job) => remindReviews(ctx, job));
}
