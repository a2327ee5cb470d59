import type { UpdateGroupBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { lockActiveActor } from '../account/queries.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { inTransaction } from '../../lib/transaction.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Deferred } from '../../lib/validation.js';
import { isAuthor, isEffectivelyInactive } from '../posts/policy.js';
import { findPost, hasGroup, lockPost, recountPostMembers, todayIn } from '../posts/queries.js';
import { isCompleted, isGroupAdmin, loadGroupAccess, type GroupAccess } from './policy.js';
import type { MemberRow } from './presenter.js';
import {
  approvedApplicants,
  deleteGroupRow,
  findGroup,
  groupMemberRows,
  insertGroup,
  insertMembers,
  memberIdsOf,
  updateGroupText,
} from './queries.js';
import { GROUP_TEXTS, groupCreatedMessage } from './texts.js';
import { touched } from '../../lib/public-changes.js';

export interface NewGroup {
  basePostId: number;
  name: string;
  description: string;
}

const groupExists = () => new Conflict(GROUP_TEXTS.groupExists, 'group_exists');
const postNotFound = () => new NotFound(GROUP_TEXTS.postNotFound);

/** A group and its members (the admin first, then in join order): what the routes present as a Group. */
export interface GroupWithMembers {
  group: GroupAccess['group'];
  members: MemberRow[];
}

const withMembers = async (ctx: AppContext, group: GroupAccess['group']): Promise<GroupWithMembers> => ({
  group,
  members: await groupMemberRows(ctx.db, group.id),
});

/** 409 group_completed: what a completed group no longer takes (invite, kick, deletion). */
export function refuseIfCompleted(group: Pick<GroupAccess['group'], 'status'>): void {
  if (isCompleted(group)) throw new Conflict(GROUP_TEXTS.completed, 'group_completed');
}

/** The group exists (404 with the route's text), then the caller is a member of it (403 not_group_member). */
export const memberAccess = (ctx: AppContext, user: AuthUser, groupId: number, notFoundText: string) =>
  loadGroupAccess(ctx.db, groupId, user.id, notFoundText);

/** As {@link memberAccess}, then the caller is the group's admin (403 with the route's text). */
export async function adminAccess(ctx: AppContext, user: AuthUser, groupId: number, notFoundText: string, forbiddenText: string) {
  const access = await memberAccess(ctx, user, groupId, notFoundText);
  authorize(isGroupAdmin(access.membership), forbiddenText);
  return access;
}

/** GET /api/groups/{id}: a member reads the group. */
export async function getGroup(ctx: AppContext, user: AuthUser, groupId: number): Promise<GroupWithMembers> {
  const { group } = await memberAccess(ctx, user, groupId, GROUP_TEXTS.notFound);
  return withMembers(ctx, group);
}

/** GET /api/groups/{id}/members: a member reads the member list. */
export async function listMembers(ctx: AppContext, user: AuthUser, groupId: number): Promise<MemberRow[]> {
  const { group } = await memberAccess(ctx, user, groupId, GROUP_TEXTS.notFound);
  return groupMemberRows(ctx.db, group.id);
}

/**
 * POST /api/groups (docs/api.md §3.6): from an inactive post, by its author, in one transaction.
 * The author becomes ADMIN, approved applicants MEMBERs, and everyone gets the group-created 쪽지.
 */
export async function createGroup(ctx: AppContext, user: AuthUser, input: NewGroup): Promise<GroupWithMembers> {
  const post = await findPost(ctx.db, input.basePostId);
  if (!post) throw postNotFound();
  authorize(isAuthor(user, post), GROUP_TEXTS.createForbidden);
  if (!isEffectivelyInactive(post, todayIn(ctx))) throw new BadRequest(GROUP_TEXTS.postNotClosed, 'post_not_closed');
  if (await hasGroup(ctx.db, post.id)) throw groupExists();

  const groupId = await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const { tx, now } = scope;
    await lockActiveActor(tx, user.id);
    // Serialises with approvals on the same post (applications/service.ts); the post may be gone by now.
    if (!(await lockPost(tx, post.id))) throw postNotFound();
    const groupId = await insertGroup(tx, {
      postId: post.id,
      name: input.name,
      description: input.description,
      type: post.kind === 'RECRUITMENT' ? 'PROJECT' : 'STUDY_GROUP',
      createdAt: now,
    });
    const approved = await approvedApplicants(tx, post.id);
    const members = [
      { userId: user.id, nickname: user.nickname },
      ...approved.filter((a) => a.userId !== user.id).map((a) => ({ userId: a.userId, nickname: a.nickname ?? '' })),
    ];
    // One millisecond apart, so "join order" lists members in approval order.
    await insertMembers(
      tx,
      groupId,
      members.map((m, i) => ({
        userId: m.userId,
        role: i === 0 ? ('ADMIN' as const) : ('MEMBER' as const),
        joinedBy: 'CREATION' as const,
        joinedAt: new Date(now.getTime() + i),
      })),
    );
    for (const m of members) {
      await ctx.events.emit(scope, 'group.memberJoined', {
        groupId,
        groupName: input.name,
        userId: m.userId,
        nickname: m.nickname,
        joinedBy: 'CREATION',
      });
    }
    await ctx.events.emit(scope, 'message.systemNotice', {
      receiverIds: members.map((m) => m.userId),
      note: { content: groupCreatedMessage(input.name), type: 'GROUP_ACTIVITY', link: `/groups/${groupId}` },
    });
    return groupId;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err, 'groups_post_uq')) throw groupExists();
    throw err;
  });

  const group = await findGroup(ctx.db, groupId);
  return withMembers(ctx, group!);
}

/** PUT /api/groups/{id}: the admin renames and redescribes the group; the body is checked after the admin check. */
export async function updateGroup(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  body: Deferred<UpdateGroupBody>,
): Promise<GroupWithMembers> {
  const access = await adminAccess(ctx, user, groupId, GROUP_TEXTS.notFound, GROUP_TEXTS.editForbidden);
  const input = body();
  const group = await updateGroupText(ctx.db, access.group.id, { name: input.name, description: input.description });
  if (!group) throw new NotFound(GROUP_TEXTS.notFound);
  // the name shows on its showcase
  if (isCompleted(group)) ctx.changes.publish(touched.showcase(group.id));
  return withMembers(ctx, group);
}

/**
 * DELETE /api/groups/{id}: members, schedules (and the chat rows, through `group.deleting` and the foreign
 * keys) go; the post returns to my-posts with currentMembers recomputed (docs/api.md §2.4).
 */
export async function deleteGroup(ctx: AppContext, admin: AuthUser, groupId: number): Promise<void> {
  const { group } = await adminAccess(ctx, admin, groupId, GROUP_TEXTS.notExists, GROUP_TEXTS.deleteForbidden);
  refuseIfCompleted(group);
  await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const { tx } = scope;
    // Rows are locked in the order leave and kick use (memberships, then the post), so they cannot deadlock.
    // An approval racing this either still sees the group (refused) or runs after it, on the recount.
    const memberIds = await memberIdsOf(tx, group.id);
    await ctx.events.emit(scope, 'group.deleting', { groupId: group.id, groupName: group.name, adminId: admin.id, memberIds });
    if (!(await deleteGroupRow(tx, group.id))) throw new NotFound(GROUP_TEXTS.notExists);
    await recountPostMembers(tx, group.postId);
    scope.afterCommit(() => ctx.changes.publish(touched.post(group.postId)));
  });
}
