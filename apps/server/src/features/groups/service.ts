import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { applications, groupMembers, groups, users } from '../../db/schema/index.js';
import { BadRequest, Conflict, Forbidden, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { lockActiveActor } from '../../lib/actor-lock.js';
import type { AuthUser } from '../../lib/request-auth.js';
import { sendSystemMessages } from '../messages/system-messages.js';
import { isEffectivelyInactive } from '../posts/inactivity.js';
import { isAuthor } from '../posts/policy.js';
import { findPost, hasGroup, lockPost, todayIn } from '../posts/queries.js';
import { presentGroup, type MemberRow } from './presenter.js';

export interface NewGroup {
  basePostId: number;
  name: string;
  description: string;
}

const groupExists = () => new Conflict('group_exists', '이미 그룹이 생성된 모집 공고입니다.');
const postNotFound = () => new NotFound('해당 모집 공고를 찾을 수 없습니다.');

/** Members of a group: the admin first, then in join order. */
export function groupMemberRows(db: Db, groupId: number): Promise<MemberRow[]> {
  return db
    .select({
      userId: groupMembers.userId,
      role: groupMembers.role,
      joinedBy: groupMembers.joinedBy,
      joinedAt: groupMembers.joinedAt,
      nickname: users.nickname,
      loginId: users.loginId,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.role} = 'ADMIN' DESC`, asc(groupMembers.joinedAt), asc(groupMembers.userId));
}

/**
 * Contract 3.6 POST /api/groups: from an inactive post, by its author, in one transaction.
 * The author becomes ADMIN, approved applicants MEMBERs, and everyone gets the group-created 쪽지.
 * (Chat read logs arrive with the chat feature.)
 */
export async function createGroup(ctx: AppContext, user: AuthUser, input: NewGroup) {
  const post = await findPost(ctx.db, input.basePostId);
  if (!post) throw postNotFound();
  if (!isAuthor(user, post)) throw new Forbidden('그룹을 생성할 권한이 없습니다.');
  if (!isEffectivelyInactive(post, todayIn(ctx))) {
    throw new BadRequest('마감되지 않은 공고는 그룹을 생성할 수 없습니다.', 'post_not_closed');
  }
  if (await hasGroup(ctx.db, post.id)) throw groupExists();

  const now = ctx.clock.now();
  const groupId = await ctx.db
    .transaction(async (tx) => {
      await lockActiveActor(tx, user.id);
      // Serialises with approvals on the same post (applications/service.ts); the post may be gone by now.
      if (!(await lockPost(tx, post.id))) throw postNotFound();
      const [group] = await tx
        .insert(groups)
        .values({
          postId: post.id,
          name: input.name,
          description: input.description,
          type: post.kind === 'RECRUITMENT' ? 'PROJECT' : 'STUDY_GROUP',
          createdAt: now,
        })
        .returning({ id: groups.id });
      const approved = await tx
        .select({ userId: applications.applicantId })
        .from(applications)
        .where(and(eq(applications.postId, post.id), eq(applications.status, 'APPROVED')))
        .orderBy(asc(applications.decidedAt), asc(applications.id));
      const memberIds = [user.id, ...approved.map((a) => a.userId).filter((id) => id !== user.id)];
      // One millisecond apart, so "join order" lists members in approval order.
      await tx.insert(groupMembers).values(
        memberIds.map((userId, i) => ({
          groupId: group.id,
          userId,
          role: i === 0 ? ('ADMIN' as const) : ('MEMBER' as const),
          joinedBy: 'CREATION' as const,
          joinedAt: new Date(now.getTime() + i),
        })),
      );
      await sendSystemMessages(tx, memberIds, `'${input.name}' 그룹이 생성되었습니다. 그룹원과 함께 활동하세요.`, now);
      return group.id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'groups_post_uq')) throw groupExists();
      throw err;
    });

  const [group] = await ctx.db.select().from(groups).where(eq(groups.id, groupId));
  return presentGroup(group, await groupMemberRows(ctx.db, groupId), now);
}
