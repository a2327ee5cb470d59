import { notificationQueue, type LiveNotification } from '@app/contract';
import type { AppContext } from '../../context.js';
import { StompError } from '../../realtime/texts.js';
import { presentRecent } from '../messages/presenter.js';
import { registerDelivery } from './jobs.js';
import { notificationWithdrawalHooks } from './on-withdrawal.js';
import { registerReminders, startReminderRuns } from './reminders.js';
import { NOTIFICATION_TEXTS } from './texts.js';

const OWN_QUEUE = /^\/user\/([^/]*)\/queue\/notifications$/;

/**
 * Live notifications over the chat connection: each user's own queue (docs/product-decisions.md, "실시간 알림"), fed after commit
 * by the messages area's `message.received`. Pushes go through the broker, so every instance's sockets of the
 * user get them; revoked sessions lose their sockets (chat's `user.sessionsRevoked` hook closes them).
 */
export function notificationHooks(ctx: AppContext) {
  ctx.realtime.destinations.topic(OWN_QUEUE, async (user, match) => {
    // only the canonical id: pushes are matched on the exact destination
    if (match[1] !== String(user.id)) throw new StompError(NOTIFICATION_TEXTS.notYours);
  });

  ctx.events.on('message.received', (scope, { receiverId, message }) => {
    const body: LiveNotification = { kind: 'message', message: presentRecent(message) };
    scope.afterCommit(() => ctx.realtime.pushJsonToUser(receiverId, notificationQueue(receiverId), body));
    // its notify job was written with it: run it now rather than at the next poll
    scope.afterCommit(() => ctx.jobs.wake());
  });

  // pushes published while Redis was away reached nobody on the other instances: each one tells its own sockets
  const resync: LiveNotification = { kind: 'resync' };
  ctx.realtime.onResync(() => {
    for (const userId of ctx.realtime.localUserIds()) ctx.realtime.pushJsonLocally(userId, notificationQueue(userId), resync);
  });
}

/** The queue's notification jobs and the withdrawal clean-up. */
export function notificationJobHooks(ctx: AppContext) {
  notificationHooks(ctx);
  registerDelivery(ctx);
  registerReminders(ctx);
  notificationWithdrawalHooks(ctx);
}

/** This instance's worker (polling every second, woken at once by its own writes) and the daily reminder runs. */
export function startNotificationJobs(ctx: AppContext): () => Promise<void> {
  const stopWorker = ctx.jobs.start(1000);
  const stopReminders = startReminderRuns(ctx);
  return async () => {
    stopReminders();
    await stopWorker();
  };
}
