import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import accountRoutes from './account/routes.js';
import applicationRoutes from './applications/routes.js';
import { applicationWithdrawalHooks } from './applications/on-withdrawal.js';
import blockRoutes from './blocks/routes.js';
import { blockWithdrawalHooks } from './blocks/on-withdrawal.js';
import boardRoutes from './boards/routes.js';
import bookmarkRoutes from './bookmarks/routes.js';
import { calendarFeedHooks } from './calendar-feed/hooks.js';
import calendarFeedRoutes from './calendar-feed/routes.js';
import { bookmarkWithdrawalHooks } from './bookmarks/on-withdrawal.js';
import { chatHooks } from './chat/hooks.js';
import chatRoutes from './chat/routes.js';
import groupRoutes from './groups/routes.js';
import { identityWithdrawalHooks } from './identities/on-withdrawal.js';
import identityRoutes from './identities/routes.js';
import linkRoutes from './links/routes.js';
import { groupWithdrawalHooks } from './groups/on-withdrawal.js';
import messageRoutes from './messages/routes.js';
import moderationRoutes from './moderation/routes.js';
import { messageHooks } from './messages/hooks.js';
import noticeRoutes from './notices/routes.js';
import { notificationJobHooks, startNotificationJobs } from './notifications/hooks.js';
import notificationRoutes from './notifications/routes.js';
import { startAutoClose } from './posts/inactivity.js';
import postRoutes from './posts/routes.js';
import { postWithdrawalHooks } from './posts/on-withdrawal.js';
import scheduleRoutes from './schedules/routes.js';
import profileRoutes from './profile/routes.js';
import { profileWithdrawalHooks } from './profile/on-withdrawal.js';
import recoveryRoutes from './recovery/routes.js';
import { teamHooks } from './teams/hooks.js';
import teamRoutes from './teams/routes.js';
import { recoveryWithdrawalHooks } from './recovery/on-withdrawal.js';

export interface Feature {
  name: string;
  routes?(app: FastifyInstance, ctx: AppContext): void;
  /** Reactions to other areas' events (ctx.events), registered before any route runs. */
  hooks?(ctx: AppContext): void;
  /** Background work (timers); returns a function that stops it. */
  start?(ctx: AppContext): Promise<() => void> | (() => void);
}

/**
 * Every area of the API. Where the order of one event's handlers matters (withdrawal), the handlers declare it
 * themselves (WITHDRAWAL_STEP in features/events.ts), so this list may be in any order.
 */
export const features: Feature[] = [
  { name: 'account', routes: accountRoutes },
  { name: 'applications', routes: applicationRoutes, hooks: applicationWithdrawalHooks },
  { name: 'posts', routes: postRoutes, hooks: postWithdrawalHooks, start: startAutoClose },
  { name: 'bookmarks', routes: bookmarkRoutes, hooks: bookmarkWithdrawalHooks },
  { name: 'groups', routes: groupRoutes, hooks: groupWithdrawalHooks },
  { name: 'schedules', routes: scheduleRoutes },
  { name: 'notices', routes: noticeRoutes },
  { name: 'links', routes: linkRoutes },
  { name: 'calendar-feed', routes: calendarFeedRoutes, hooks: calendarFeedHooks },
  { name: 'chat', routes: chatRoutes, hooks: chatHooks },
  { name: 'profile', routes: profileRoutes, hooks: profileWithdrawalHooks },
  { name: 'blocks', routes: blockRoutes, hooks: blockWithdrawalHooks },
  { name: 'messages', routes: messageRoutes, hooks: messageHooks },
  { name: 'notifications', routes: notificationRoutes, hooks: notificationJobHooks, start: startNotificationJobs },
  { name: 'boards', routes: boardRoutes },
  { name: 'recovery', routes: recoveryRoutes, hooks: recoveryWithdrawalHooks },
  { name: 'identities', routes: identityRoutes, hooks: identityWithdrawalHooks },
  { name: 'teams', routes: teamRoutes, hooks: teamHooks },
  { name: 'moderation', routes: moderationRoutes },
];
