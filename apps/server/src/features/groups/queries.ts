import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groupMembers, groups, users } from '../../db/schema/index.js';
import type { MemberRow, MyGroupRow } from './presenter.js';

const memberColumns = {
  userId: groupMembers.userId,
  role: groupMembers.role,
  joinedBy: groupMembers.joinedBy,
  joinedAt: groupMembers.joinedAt,
  nickname: users.nickname,
  loginId: users.loginId,
};

/** Members of a group: the admin first, then in join order. */
export function groupMemberRows(db: Db, groupId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.role} = 'ADMIN' DESC`, asc(groupMembers.joinedAt), asc(groupMembers.userId));
}

/** One member of a group with their name, or undefined. */
export async function findMember(db: Db, groupId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** The caller's groups, most recently joined first (docs/api.md §3.6 my-groups). */
export function myGroups(db: Db, userId: number): Promise<MyGroupRow[]> {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      type: groups.type,
      role: groupMembers.role,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(desc(groupMembers.joinedAt), desc(groups.id));
}

/** The groups a user is a plain member of (not admin), with what a removal needs. */
export function membershipsOf(db: Db, userId: number) {
  return db
    .select({ id: groups.id, postId: groups.postId, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.role, 'MEMBER')))
    .orderBy(asc(groups.id));
}

/** Every member's user id (the admin included). */
export async function memberIdsOf(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

/**
 * Locks the group's row until the transaction ends, so writes that count the group's rows against a limit run one
 * at a time (FOR NO KEY UPDATE: memberships referencing the group are not held up). Its current name, or undefined
 * when the group is gone.
 */
export async function lockGroup(db: Db, groupId: number): Promise<{ name: string } | undefined> {
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId)).for('no key update');
  return row;
}
