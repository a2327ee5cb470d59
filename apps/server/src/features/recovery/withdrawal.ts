import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { resetGrants, users, verificationCodes } from '../../db/schema/index.js';
import { activeUsersWithEmail, emailKeyOf } from './users.js';

/**
 * docs/api.md §7: the user's codes and reset grants are removed. Find-id codes belong to an e-mail, not a user: they
 * go too unless another active user still has that e-mail. Runs before the row becomes a tombstone.
 */
export function recoveryWithdrawalHooks(ctx: AppContext) {
  ctx.events.on(
    'account.withdrawing',
    async ({ tx }, { user }) => {
      await tx.delete(resetGrants).where(eq(resetGrants.userId, user.id));
      const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      const emailKey = emailKeyOf(row?.email);
      const emailStaysInUse = (await activeUsersWithEmail(tx, emailKey)).some((u) => u.id !== user.id);
      const findIdCodes =
        emailKey && !emailStaysInUse
          ? and(eq(verificationCodes.flow, 'FIND_LOGIN_ID'), eq(verificationCodes.emailKey, emailKey))
          : undefined;
      await tx.delete(verificationCodes).where(or(eq(verificationCodes.userId, user.id), findIdCodes));
    },
    WITHDRAWAL_STEP.ownRows,
  );
}
