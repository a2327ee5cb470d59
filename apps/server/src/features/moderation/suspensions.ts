import { SUSPENSION_TEXTS, type SuspendBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { authorize } from '../../lib/authorize.js';
import { NotFound } from '../../lib/errors.js';
import { inTransaction } from '../../lib/transaction.js';
import type { Deferred } from '../../lib/validation.js';
import { holdActiveUser } from '../account/queries.js';
import { seoulDayLabel } from './policy.js';
import { bumpTokenVersion, endSuspension, findTarget, insertAudit, isOperator, upsertSuspension } from './queries.js';
import { requireOperator } from './service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const userNotFound = () => new NotFound(SUSPENSION_TEXTS.userNotFound, 'user_not_found');

/**
 * POST /api/admin/users/{userId}/suspend: 403 `operator_only`, 404 unknown (withdrawn, system), 403 `operator_target`,
 * then the body. A suspension already standing is replaced, counted from now. Every token of the user stops at
 * once (the token version) and their sockets close on every instance; their content stays.
 */
export async function suspend(ctx: AppContext, operator: AuthUser, userId: number, body: Deferred<SuspendBody>) {
  requireOperator(operator);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const { tx } = scope;
    if (!(await holdActiveUser(tx, userId)) || !(await findTarget(tx, 'USER', userId))) throw userNotFound();
    authorize(!(await isOperator(tx, userId, ctx.config.operators)), SUSPENSION_TEXTS.operatorTarget, 'operator_target');
    const { days, reason } = body();
    const until = new Date(now.getTime() + days * DAY_MS);
    await upsertSuspension(tx, { userId, until, reason, operatorId: operator.id, now });
    await bumpTokenVersion(tx, userId);
    const note = `${days}일 (${seoulDayLabel(until)}까지): ${reason}`;
    await insertAudit(tx, { operatorId: operator.id, action: 'SUSPEND', targetType: 'USER', targetId: userId, note, now });
    await ctx.events.emit(scope, 'user.sessionsRevoked', { userId });
  });
}

/** DELETE /api/admin/users/{userId}/suspend: 404 unknown, 404 `not_suspended` when none stands; written to the audit log. */
export async function unsuspend(ctx: AppContext, operator: AuthUser, userId: number) {
  requireOperator(operator);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await findTarget(tx, 'USER', userId))) throw userNotFound();
    const lifted = await endSuspension(tx, userId, now);
    if (!lifted) throw new NotFound(SUSPENSION_TEXTS.notSuspended, 'not_suspended');
    const note = `${seoulDayLabel(lifted.until)}까지였던 정지: ${lifted.reason}`;
    await insertAudit(tx, { operatorId: operator.id, action: 'UNSUSPEND', targetType: 'USER', targetId: userId, note, now });
  });
}
