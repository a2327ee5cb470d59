import { and, eq, sql } from 'drizzle-orm';
import { groupMembers } from '../../db/schema/index.js';
import { BadRequest } from '../../lib/errors.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';

/** Contract 3.1: a group admin must delete the group first. */
async function refuseGroupAdmin(db: Db, user: { id: number }) {
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, user.id), eq(groupMembers.role, 'ADMIN')))
    .limit(1);
  if (rows.length > 0) {
    throw new BadRequest('관리 중인 그룹이 있어 탈퇴할 수 없습니다. 그룹을 먼저 삭제해주세요.', 'group_admin');
  }
}

/**
 * Contract 7: each membership ends as a leave, with -1 on the group's post (never below 1).
 * The leave chat line comes with the chat feature.
 */
async function leaveGroups(tx: Db, user: { id: number }) {
  await tx.execute(sql`
    UPDATE base_posts p SET current_members = GREATEST(1, p.current_members - 1)
    FROM groups g JOIN group_members m ON m.group_id = g.id
    WHERE g.post_id = p.id AND m.user_id = ${user.id}`);
  await tx.delete(groupMembers).where(eq(groupMembers.userId, user.id));
}

export function groupWithdrawalHooks(ctx: AppContext) {
  ctx.events.on('account.withdrawalCheck', ({ tx }, { user }) => refuseGroupAdmin(tx, user));
  ctx.events.on('account.withdrawing', ({ tx }, { user }) => leaveGroups(tx, user));
}
