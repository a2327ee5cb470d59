import { NOTICE_LIMIT } from '@app/contract';
import type { AppContext } from '../../context.js';
import { loadGroupAccess } from '../groups/policy.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { inTransaction, type TxScope } from '../../lib/transaction.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Deferred } from '../../lib/validation.js';
import { lockGroup, memberIdsOf } from '../groups/queries.js';
import { canManageNotices } from './policy.js';
import type { NoticeRow } from './presenter.js';
import {
  countNotices,
  deleteNoticeRow,
  insertNotice,
  loadNotice,
  noticeNotFound,
  noticeRows,
  unpinOthers,
  updateNoticeRow,
} from './queries.js';
import { NOTICE_TEXTS, newNoticeMessage } from './texts.js';

export interface NoticeInput {
  title: string;
  content: string;
  pinned: boolean;
}

/** Every route: the group exists, then the caller is a member (docs/api.md §9.2). */
const member = (ctx: AppContext, user: AuthUser, groupId: number) =>
  loadGroupAccess(ctx.db, groupId, user.id, NOTICE_TEXTS.groupNotFound);

/** Writes: a member, then the admin, before any field. */
async function admin(ctx: AppContext, user: AuthUser, groupId: number) {
  const access = await member(ctx, user, groupId);
  authorize(canManageNotices(access.membership), NOTICE_TEXTS.adminOnly, 'notice_admin_only');
  return access;
}

export async function listNotices(ctx: AppContext, user: AuthUser, groupId: number): Promise<NoticeRow[]> {
  await member(ctx, user, groupId);
  return noticeRows(ctx.db, groupId, user.operator ? 'all' : { writerId: user.id });
}

/**
 * Runs a notice write with the group's row locked: writes of one group take turns, so the count against the limit
 * and "at most one pinned" (the partial unique index) hold. 404 when the group went meanwhile.
 */
async function withGroupLocked<T>(ctx: AppContext, groupId: number, work: (scope: TxScope, groupName: string) => Promise<T>) {
  return inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const group = await lockGroup(scope.tx, groupId);
    if (!group) throw new NotFound(NOTICE_TEXTS.groupNotFound);
    return work(scope, group.name);
  });
}

/**
 * POST /api/groups/{groupId}/notices: the admin check, the fields, then the limit, the pin, and in the same
 * transaction the 쪽지 from [시스템] to every other member (pushed once it commits).
 */
export async function createNotice(
  ctx: AppContext,
  writer: AuthUser,
  groupId: number,
  body: Deferred<NoticeInput>,
): Promise<NoticeRow> {
  await admin(ctx, writer, groupId);
  const input = body();
  const id = await withGroupLocked(ctx, groupId, async (scope, groupName) => {
    const { tx, now } = scope;
    if ((await countNotices(tx, groupId)) >= NOTICE_LIMIT) throw new BadRequest(NOTICE_TEXTS.limit, 'notice_limit');
    if (input.pinned) await unpinOthers(tx, groupId);
    const noticeId = await insertNotice(tx, { groupId, writerId: writer.id, ...input, createdAt: now, updatedAt: now });
    const others = (await memberIdsOf(tx, groupId)).filter((userId) => userId !== writer.id);
    await ctx.events.emit(scope, 'message.systemNotice', {
      receiverIds: others,
      note: { content: newNoticeMessage(groupName, input.title), type: 'GROUP_ACTIVITY', link: `/groups/${groupId}` },
    });
    return noticeId;
  });
  return loadNotice(ctx.db, groupId, id);
}

/** PUT /api/groups/{groupId}/notices/{noticeId}: the admin, the notice exists, the fields; replaces title, content and pin; no 쪽지. */
export async function updateNotice(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  noticeId: number,
  body: Deferred<NoticeInput>,
): Promise<NoticeRow> {
  await admin(ctx, user, groupId);
  await loadNotice(ctx.db, groupId, noticeId);
  const input = body();
  await withGroupLocked(ctx, groupId, async ({ tx, now }) => {
    if (input.pinned) await unpinOthers(tx, groupId, noticeId);
    if (!(await updateNoticeRow(tx, groupId, noticeId, { ...input, updatedAt: now }))) throw noticeNotFound();
  });
  return loadNotice(ctx.db, groupId, noticeId);
}

export async function deleteNotice(ctx: AppContext, user: AuthUser, groupId: number, noticeId: number): Promise<void> {
  await admin(ctx, user, groupId);
  if (!(await deleteNoticeRow(ctx.db, groupId, noticeId))) throw noticeNotFound();
}
