import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';

/** Withdrawal removes the user's bookmarks (others' bookmarks of the user's deleted posts go by cascade). */
export function bookmarkWithdrawalHooks(ctx: AppContext) {
  ctx.events.on(
    'account.withdrawing',
    async ({ tx }, { user }) => {
      await tx.execute(sql`DELETE FROM bookmarks WHERE user_id = ${user.id}`);
    },
    WITHDRAWAL_STEP.ownRows,
  );
}
