import { and, eq } from 'drizzle-orm';
import { LINK_LIMIT, type LinkBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { groupLinks } from '../../db/schema/index.js';
import { NOT_GROUP_MEMBER_TEXT } from '../../lib/access.js';
import { BadRequest, Forbidden, isForeignKeyViolation, NotFound } from '../../lib/errors.js';
import { inTransaction } from '../../lib/events.js';
import type { AuthUser } from '../../lib/request-auth.js';
import { lockGroup } from '../groups/queries.js';
import { presentLink } from './presenter.js';
import { countLinks, linkNotFound, linkRows, loadLink } from './queries.js';
import { LINK_TEXTS } from './texts.js';

export async function listLinks(ctx: AppContext, groupId: number) {
  return (await linkRows(ctx.db, groupId)).map(presentLink);
}

/**
 * POST /api/groups/{groupId}/links, after membership and the fields. The group's row is locked so two shares never
 * both pass the limit; the membership foreign key refuses a writer who left or was removed meanwhile.
 */
export async function createLink(ctx: AppContext, groupId: number, writer: AuthUser, input: LinkBody) {
  const id = await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async ({ tx, now }) => {
    if (!(await lockGroup(tx, groupId))) throw new NotFound(LINK_TEXTS.groupNotFound);
    if ((await countLinks(tx, groupId)) >= LINK_LIMIT) throw new BadRequest(LINK_TEXTS.limit, 'link_limit');
    const [row] = await tx
      .insert(groupLinks)
      .values({ groupId, writerId: writer.id, title: input.title, url: input.url, createdAt: now })
      .returning({ id: groupLinks.id });
    return row.id;
  }).catch((err: unknown) => {
    if (isForeignKeyViolation(err)) throw new Forbidden(NOT_GROUP_MEMBER_TEXT, 'not_group_member');
    throw err;
  });
  return presentLink(await loadLink(ctx.db, groupId, id));
}

/** DELETE /api/groups/{groupId}/links/{linkId}, after the writer-or-admin check. */
export async function deleteLink(ctx: AppContext, groupId: number, linkId: number) {
  const removed = await ctx.db
    .delete(groupLinks)
    .where(and(eq(groupLinks.groupId, groupId), eq(groupLinks.id, linkId)))
    .returning({ id: groupLinks.id });
  if (removed.length === 0) throw linkNotFound();
}
