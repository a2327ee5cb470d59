import { LINK_LIMIT, type LinkBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { loadGroupAccess } from '../groups/policy.js';
import { NOT_GROUP_MEMBER_TEXT } from '../groups/texts.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, Forbidden, isForeignKeyViolation, NotFound } from '../../lib/errors.js';
import { inTransaction } from '../../lib/transaction.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Deferred } from '../../lib/validation.js';
import { lockGroup } from '../groups/queries.js';
import { canDeleteLink } from './policy.js';
import type { LinkRow } from './presenter.js';
import { countLinks, deleteLinkRow, insertLink, linkNotFound, linkRows, loadLink } from './queries.js';
import { LINK_TEXTS } from './texts.js';

/** Every route: the group exists, then the caller is a member, before any field (docs/api.md §9.3). */
const member = (ctx: AppContext, user: AuthUser, groupId: number) =>
  loadGroupAccess(ctx.db, groupId, user.id, LINK_TEXTS.groupNotFound);

export async function listLinks(ctx: AppContext, user: AuthUser, groupId: number): Promise<LinkRow[]> {
  await member(ctx, user, groupId);
  return linkRows(ctx.db, groupId, user.operator ? 'all' : { writerId: user.id });
}

/**
 * POST /api/groups/{groupId}/links: membership, then the fields. The group's row is locked so two shares never
 * both pass the limit; the membership foreign key refuses a writer who left or was removed meanwhile.
 */
export async function createLink(ctx: AppContext, writer: AuthUser, groupId: number, body: Deferred<LinkBody>): Promise<LinkRow> {
  await member(ctx, writer, groupId);
  const input = body();
  const id = await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async ({ tx, now }) => {
    if (!(await lockGroup(tx, groupId))) throw new NotFound(LINK_TEXTS.groupNotFound);
    if ((await countLinks(tx, groupId)) >= LINK_LIMIT) throw new BadRequest(LINK_TEXTS.limit, 'link_limit');
    return insertLink(tx, { groupId, writerId: writer.id, title: input.title, url: input.url, createdAt: now });
  }).catch((err: unknown) => {
    if (isForeignKeyViolation(err)) throw new Forbidden(NOT_GROUP_MEMBER_TEXT, 'not_group_member');
    throw err;
  });
  return loadLink(ctx.db, groupId, id);
}

/** DELETE /api/groups/{groupId}/links/{linkId}: by its writer or the group's admin. */
export async function deleteLink(ctx: AppContext, user: AuthUser, groupId: number, linkId: number): Promise<void> {
  const { membership } = await member(ctx, user, groupId);
  authorize(canDeleteLink(user, membership, await loadLink(ctx.db, groupId, linkId)), LINK_TEXTS.deleteForbidden);
  if (!(await deleteLinkRow(ctx.db, groupId, linkId))) throw linkNotFound();
}
