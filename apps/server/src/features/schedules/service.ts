import type { AppContext } from '../../context.js';
import { loadGroupAccess } from '../groups/policy.js';
import { NOT_GROUP_MEMBER_TEXT } from '../groups/texts.js';
import { authorize } from '../../lib/authorize.js';
import { Conflict, Forbidden, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Deferred } from '../../lib/validation.js';
import { isClaimedWriter } from './policy.js';
import { deleteOwnEntry, groupEntries, insertEntry, updateOwnEntry } from './queries.js';
import { SCHEDULE_TEXTS } from './texts.js';

/** The group and writer an entry write names (read before its other fields). */
export interface EntryRef {
  groupId: number;
  writerId?: unknown;
}

/** The group exists, then the caller is a member: before any field is read (docs/api.md §3.7). */
const member = (ctx: AppContext, user: AuthUser, groupId: number) =>
  loadGroupAccess(ctx.db, groupId, user.id, SCHEDULE_TEXTS.groupNotFound);

/** Membership, then whether a given writerId names the caller (update and delete). */
async function writer(ctx: AppContext, user: AuthUser, ref: EntryRef, checkWriter: boolean) {
  await member(ctx, user, ref.groupId);
  if (checkWriter) authorize(isClaimedWriter(user, ref.writerId), SCHEDULE_TEXTS.notWriter);
}

/** Every entry of the group, date first. */
export async function monthTotals(ctx: AppContext, user: AuthUser, groupId: number) {
  await member(ctx, user, groupId);
  return groupEntries(ctx.db, groupId);
}

/** One day's entries, oldest first; the date is checked after membership. */
export async function dayEntries(ctx: AppContext, user: AuthUser, groupId: number, date: Deferred<string>) {
  await member(ctx, user, groupId);
  return groupEntries(ctx.db, groupId, date());
}

/** One entry per (group, writer, date), held by the unique index; the new id. */
export async function createEntry(
  ctx: AppContext,
  user: AuthUser,
  ref: EntryRef,
  body: Deferred<{ content: string; date: string }>,
): Promise<number> {
  await writer(ctx, user, ref, false);
  const { groupId } = ref;
  const input = body();
  const now = ctx.clock.now();
  try {
    return await insertEntry(ctx.db, {
      groupId,
      writerId: user.id,
      date: input.date,
      content: input.content,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'schedules_group_writer_date_uq')) throw new Conflict(SCHEDULE_TEXTS.exists, 'schedule_exists');
    // The caller left or was removed (or the group deleted) after the membership check.
    if (isForeignKeyViolation(err)) throw new Forbidden(NOT_GROUP_MEMBER_TEXT, 'not_group_member');
    throw err;
  }
}

export async function updateEntry(
  ctx: AppContext,
  user: AuthUser,
  ref: EntryRef,
  body: Deferred<{ content: string; date: string }>,
): Promise<void> {
  await writer(ctx, user, ref, true);
  const input = body();
  const changed = await updateOwnEntry(ctx.db, ref.groupId, user.id, input.date, input.content, ctx.clock.now());
  if (!changed) throw new NotFound(SCHEDULE_TEXTS.updateNotFound);
}

export async function deleteEntry(
  ctx: AppContext,
  user: AuthUser,
  ref: EntryRef,
  body: Deferred<{ date: string }>,
): Promise<void> {
  await writer(ctx, user, ref, true);
  const { date } = body();
  if (!(await deleteOwnEntry(ctx.db, ref.groupId, user.id, date))) throw new NotFound(SCHEDULE_TEXTS.deleteNotFound);
}
