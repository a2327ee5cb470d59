import { eq } from 'drizzle-orm';
import { applicationProfiles } from '../../db/schema/index.js';
import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';

export function profileWithdrawalHooks(ctx: AppContext) {
  ctx.events.on(
    'account.withdrawing',
    async ({ tx }, { user }) => {
      await tx.delete(applicationProfiles).where(eq(applicationProfiles.userId, user.id));
    },
    WITHDRAWAL_STEP.ownRows,
  );
}
