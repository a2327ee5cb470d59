import { eq, sql } from 'drizzle-orm';
import { applications } from '../../db/schema/index.js';
import type { WithdrawalStep } from '../account/withdrawal.js';

/** Contract 7: applications go; an APPROVED one on a post without a group gives its seat back. */
export const removeApplicationsOnWithdrawal: WithdrawalStep = async (tx, user) => {
  await tx.execute(sql`
    UPDATE base_posts p SET current_members = GREATEST(1, p.current_members - 1)
    FROM applications a
    WHERE a.post_id = p.id AND a.applicant_id = ${user.id} AND a.status = 'APPROVED'
      AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.post_id = p.id)`);
  await tx.delete(applications).where(eq(applications.applicantId, user.id));
};
