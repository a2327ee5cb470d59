import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import accountRoutes from './account/routes.js';
import messageRoutes from './messages/routes.js';
import boardRoutes from './boards/routes.js';
import profileRoutes from './profile/routes.js';
import postRoutes from './posts/routes.js';
import applicationRoutes from './applications/routes.js';
import groupRoutes from './groups/routes.js';
import recoveryRoutes from './recovery/routes.js';
import { startAutoClose } from './posts/inactivity.js';

export interface Feature {
  name: string;
  routes(app: FastifyInstance, ctx: AppContext): void;
  /** Background work (timers); returns a function that stops it. */
  start?(ctx: AppContext): Promise<() => void> | (() => void);
}

/** Every area of the API, in registration order. */
export const features: Feature[] = [{ name: 'account', routes: accountRoutes }, { name: 'messages', routes: messageRoutes }, { name: 'boards', routes: boardRoutes }, { name: 'profile', routes: profileRoutes }, { name: 'posts', routes: postRoutes, start: startAutoClose }, { name: 'applications', routes: applicationRoutes }, { name: 'groups', routes: groupRoutes }, { name: 'recovery', routes: recoveryRoutes }];
