import { eq, sql } from 'drizzle-orm';
import { applications } from '../../db/schema/index.js';
import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';

/** docs/api.md §7: applications go; an APPROVED one on a post without a group gives its seat back. */
export function applicationWithdrawalHooks(ctx: AppContext) {
  ctx.events.on(
    'account.withdrawing',
    async ({ tx }, { user }) => {
      // An approval under way holds its application row: waiting for it here lets the next statement, which
      // reads afresh, see the seat it took and give it back (otherwise the count would keep the departed user).
      await tx.select({ id: applications.id }).from(applications).where(eq(applications.applicantId, user.id)).for('update');
      await tx.execute(sql`
    UPDATE base_posts p SET current_members = GREATEST(1, p.current_members - 1)
    FROM applications a
    WHERE a.post_id = p.id AND a.applicant_id = ${user.id} AND a.status = 'APPROVED'
      AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.post_id = p.id)`);
      await tx.delete(applications).where(eq(applications.applicantId, user.id));
    },
    WITHDRAWAL_STEP.applications,
  );
}
