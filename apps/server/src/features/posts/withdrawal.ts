import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';

/** docs/api.md §7: own posts without a group go, with their tags, applications and view records; no 쪽지. */
export function postWithdrawalHooks(ctx: AppContext) {
  ctx.events.on(
    'account.withdrawing',
    async ({ tx }, { user }) => {
      const ownUngrouped = sql`SELECT p.id FROM base_posts p
    WHERE p.creator_id = ${user.id} AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.post_id = p.id)`;
      await tx.execute(sql`DELETE FROM view_records WHERE target_kind = 'POST' AND target_id IN (${ownUngrouped})`);
      await tx.execute(sql`DELETE FROM base_posts WHERE id IN (${ownUngrouped})`);
    },
    WITHDRAWAL_STEP.posts,
  );
}
