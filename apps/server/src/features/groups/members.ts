import type { AppContext } from '../../context.js';
import { holdActiveUser } from '../account/queries.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, isForeignKeyViolation, NotFound } from '../../lib/errors.js';
import { inTransaction, type TxScope } from '../../lib/transaction.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Deferred } from '../../lib/validation.js';
import { mayReach } from '../blocks/policy.js';
import { isBlockedBetween } from '../blocks/queries.js';
import { canLeaveGroup, loadGroupAccess, type GroupAccess } from './policy.js';
import { deletePlainMembership, findActiveUserByNickname, findMember, insertMemberUnlessPresent } from './queries.js';
import { postSeats, releaseSeat, takeSeat } from '../posts/queries.js';
import { adminAccess, memberAccess, refuseIfCompleted } from './service.js';
import { GROUP_TEXTS, invitedMessage, kickedMessage } from './texts.js';
import { touched } from '../../lib/public-changes.js';

type RemovalReason = 'leave' | 'kick' | 'withdrawal';
type GroupRef = Pick<GroupAccess['group'], 'id' | 'postId' | 'name'>;

const alreadyMember = () => new BadRequest(GROUP_TEXTS.alreadyMember, 'already_member');
const capacityExceeded = () => new BadRequest(GROUP_TEXTS.capacityExceeded, 'capacity_exceeded');
const inviteeNotFound = () => new BadRequest(GROUP_TEXTS.inviteeNotFound, 'user_not_found');
const memberNotFound = () => new BadRequest(GROUP_TEXTS.memberNotFound, 'member_not_found');

/**
 * Ends a plain membership (never the admin's, but for a withdrawal from a completed group): the row goes, and with it the member's schedules in the group
 * (schedules_membership_fk cascades); -1 on the post, never below 1; then `group.memberRemoved` for chat.
 * False when there was no such membership (already removed by a concurrent request).
 */
export async function removeMembership(
  ctx: AppContext,
  scope: TxScope,
  group: GroupRef,
  member: { userId: number; nickname: string },
  reason: RemovalReason,
): Promise<boolean> {
  if (!(await deletePlainMembership(scope.tx, group.id, member.userId, reason === 'withdrawal'))) return false;
  await releaseSeat(scope.tx, group.postId);
  scope.afterCommit(() => ctx.changes.publish(touched.post(group.postId)));
  await ctx.events.emit(scope, 'group.memberRemoved', {
    groupId: group.id,
    groupName: group.name,
    userId: member.userId,
    nickname: member.nickname,
    reason,
  });
  return true;
}

/** DELETE /api/groups/{id}/leave: a member other than the admin leaves. */
export async function leaveGroup(ctx: AppContext, user: AuthUser, groupId: number): Promise<void> {
  const access = await memberAccess(ctx, user, groupId, GROUP_TEXTS.notExists);
  if (!canLeaveGroup(access.membership)) throw new BadRequest(GROUP_TEXTS.adminCannotLeave, 'group_admin');
  await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    if (await removeMembership(ctx, scope, access.group, { userId: user.id, nickname: user.nickname }, 'leave')) return;
    // Kicked or deleted meanwhile: answer as the checks would now.
    await loadGroupAccess(scope.tx, access.group.id, user.id, GROUP_TEXTS.notExists);
  });
}

/**
 * POST /api/groups/{id}/invite: the admin check, then the nickname rule, then the other refusals in the order
 * docs/api.md §3.6 lists them (a block between the admin and the invitee, either way, before the capacity: §9.4);
 * then one transaction adds the member and takes a seat with a conditional +1, so two
 * invites racing for the last seat never both succeed.
 */
export async function inviteMember(
  ctx: AppContext,
  admin: AuthUser,
  groupId: number,
  body: Deferred<{ nickname: string }>,
): Promise<void> {
  const { group } = await adminAccess(ctx, admin, groupId, GROUP_TEXTS.notExists, GROUP_TEXTS.inviteForbidden);
  refuseIfCompleted(group);
  const { nickname } = body();
  const invitee = await findActiveUserByNickname(ctx.db, nickname);
  if (!invitee) throw inviteeNotFound();
  if (await findMember(ctx.db, group.id, invitee.id)) throw alreadyMember();
  authorize(mayReach(await isBlockedBetween(ctx.db, admin.id, invitee.id)), GROUP_TEXTS.inviteBlocked, 'blocked');
  const post = await postSeats(ctx.db, group.postId);
  if (post && post.current >= post.total) throw capacityExceeded();

  await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const { tx, now } = scope;
    if (!(await holdActiveUser(tx, invitee.id))) throw inviteeNotFound();
    const member = { userId: invitee.id, role: 'MEMBER', joinedBy: 'INVITE', joinedAt: now } as const;
    if (!(await insertMemberUnlessPresent(tx, group.id, member))) throw alreadyMember();
    if (!(await takeSeat(tx, group.postId))) throw capacityExceeded();
    scope.afterCommit(() => ctx.changes.publish(touched.post(group.postId)));
    await ctx.events.emit(scope, 'group.memberJoined', {
      groupId: group.id,
      groupName: group.name,
      userId: invitee.id,
      nickname: invitee.nickname,
      joinedBy: 'INVITE',
    });
    await ctx.events.emit(scope, 'message.systemNotice', {
      receiverIds: [invitee.id],
      note: { content: invitedMessage(group.name), type: 'GROUP_ACTIVITY', link: `/groups/${group.id}` },
    });
  }).catch((err: unknown) => {
    // The group was deleted after the checks.
    if (isForeignKeyViolation(err)) throw new NotFound(GROUP_TEXTS.notExists);
    throw err;
  });
}

/** DELETE /api/groups/{id}/remove/{userId}: the admin removes a plain member. */
export async function kickMember(ctx: AppContext, admin: AuthUser, groupId: number, userId: number): Promise<void> {
  const { group } = await adminAccess(ctx, admin, groupId, GROUP_TEXTS.notExists, GROUP_TEXTS.kickForbidden);
  refuseIfCompleted(group);
  const target = await findMember(ctx.db, group.id, userId);
  if (!target) throw memberNotFound();
  if (target.role === 'ADMIN') throw new BadRequest(GROUP_TEXTS.adminCannotBeKicked, 'group_admin');
  await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const member = { userId, nickname: target.nickname ?? '' };
    if (!(await removeMembership(ctx, scope, group, member, 'kick'))) throw memberNotFound();
    await ctx.events.emit(scope, 'message.systemNotice', {
      receiverIds: [userId],
      note: { content: kickedMessage(group.name), type: 'GROUP_ACTIVITY', link: '/my-groups' },
    });
  });
}
