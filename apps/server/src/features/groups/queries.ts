import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { applications, groupMembers, groups, userRecords, users, type GroupRow } from '../../db/schema/index.js';
import type { MemberRow, MyGroupRow } from './presenter.js';

/** A group's own fields, as the routes present it and other areas name it. */
export interface GroupFields {
  id: number;
  postId: number;
  name: string;
  description: string;
  type: 'PROJECT' | 'STUDY_GROUP';
  /** docs/api.md §10.2 */
  status: 'ACTIVE' | 'COMPLETED';
  completedAt: Date | null;
  summary: string | null;
  resultUrl: string | null;
  showcase: boolean;
}

/** The group, and the caller's role in it (null when the caller is not a member). */
export interface GroupWithRole {
  group: GroupFields;
  role: 'ADMIN' | 'MEMBER' | null;
  /** the caller's showcase consent when they were a member at completion, else null (docs/api.md §10.2) */
  completionConsent: boolean | null;
}

interface AccessRow {
  id: number;
  post_id: number;
  name: string;
  description: string;
  type: 'PROJECT' | 'STUDY_GROUP';
  status: 'ACTIVE' | 'COMPLETED';
  completed_at: Date | string | null;
  summary: string | null;
  result_url: string | null;
  showcase: boolean;
  role: 'ADMIN' | 'MEMBER' | null;
  consent: boolean | null;
}

/** The group, the user's role in it and their place at completion, in one query; undefined when the group is missing. */
export async function findGroupWithRole(db: Db, groupId: number, userId: number): Promise<GroupWithRole | undefined> {
  const [row] = await queryRows<AccessRow>(
    db,
    sql`SELECT g.id, g.post_id, g.name, g.description, g.type, g.status, g.completed_at, g.summary, g.result_url,
          g.showcase, m.role, c.showcase_consent AS consent
        FROM groups g
        LEFT JOIN group_members m ON m.group_id = g.id AND m.user_id = ${userId}
        LEFT JOIN group_completion_members c ON c.group_id = g.id AND c.user_id = ${userId}
        WHERE g.id = ${groupId}`,
  );
  if (!row) return undefined;
  return {
    group: {
      id: row.id,
      postId: row.post_id,
      name: row.name,
      description: row.description,
      type: row.type,
      status: row.status,
      completedAt: row.completed_at === null ? null : new Date(row.completed_at),
      summary: row.summary,
      resultUrl: row.result_url,
      showcase: row.showcase,
    },
    role: row.role,
    completionConsent: row.consent,
  };
}

/** The whole group row, or undefined. */
export async function findGroup(db: Db, groupId: number): Promise<GroupRow | undefined> {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  return group;
}

const memberColumns = {
  userId: groupMembers.userId,
  role: groupMembers.role,
  joinedBy: groupMembers.joinedBy,
  joinedAt: groupMembers.joinedAt,
  nickname: users.nickname,
  loginId: users.loginId,
  record: {
    joined: sql<number>`coalesce(${userRecords.joined}, 0)`.mapWith(Number),
    completed: sql<number>`coalesce(${userRecords.completed}, 0)`.mapWith(Number),
    leftEarly: sql<number>`coalesce(${userRecords.leftEarly}, 0)`.mapWith(Number),
  },
};

/** Members of a group: the admin first, then in join order. */
export function groupMemberRows(db: Db, groupId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(userRecords, eq(userRecords.userId, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.role} = 'ADMIN' DESC`, asc(groupMembers.joinedAt), asc(groupMembers.userId));
}

/** One member of a group with their name, or undefined. */
export async function findMember(db: Db, groupId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(userRecords, eq(userRecords.userId, groupMembers.userId))
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

/**
 * The memberships a withdrawal ends, with what a removal needs: every plain one, and the admin's of completed groups
 * (which cannot be deleted, docs/api.md §10.2).
 */
export function membershipsOf(db: Db, userId: number) {
  return db
    .select({ id: groups.id, postId: groups.postId, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), or(eq(groupMembers.role, 'MEMBER'), eq(groups.status, 'COMPLETED'))))
    .orderBy(asc(groups.id));
}

/** Whether the user is the admin of a group still active (a completed one does not hold a withdrawal back). */
export async function administersAGroup(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.role, 'ADMIN'), eq(groups.status, 'ACTIVE')))
    .limit(1);
  return rows.length > 0;
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

/** A new group of the post; its id. */
export async function insertGroup(
  tx: Db,
  values: { postId: number; name: string; description: string; type: GroupFields['type']; createdAt: Date },
): Promise<number> {
  const [group] = await tx.insert(groups).values(values).returning({ id: groups.id });
  return group.id;
}

/** The post's approved applicants with their names, in approval order. */
export function approvedApplicants(tx: Db, postId: number) {
  return tx
    .select({ userId: applications.applicantId, nickname: users.nickname })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(and(eq(applications.postId, postId), eq(applications.status, 'APPROVED')))
    .orderBy(asc(applications.decidedAt), asc(applications.id));
}

export interface NewMember {
  userId: number;
  role: 'ADMIN' | 'MEMBER';
  joinedBy: 'CREATION' | 'INVITE';
  joinedAt: Date;
}

/** The group's first members, in one statement. */
export async function insertMembers(tx: Db, groupId: number, members: NewMember[]): Promise<void> {
  await tx.insert(groupMembers).values(members.map((m) => ({ groupId, ...m })));
}

/** Adds a member unless they already are one; false when they were. */
export async function insertMemberUnlessPresent(tx: Db, groupId: number, member: NewMember): Promise<boolean> {
  const added = await tx
    .insert(groupMembers)
    .values({ groupId, ...member })
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return added.length > 0;
}

/**
 * Ends a plain membership (never the admin's, except of a completed group when `adminOfCompleted`: a withdrawal);
 * false when there was no such membership.
 */
export async function deletePlainMembership(tx: Db, groupId: number, userId: number, adminOfCompleted = false): Promise<boolean> {
  const removable = adminOfCompleted
    ? or(eq(groupMembers.role, 'MEMBER'), sql`EXISTS (SELECT 1 FROM groups g WHERE g.id = ${groupId} AND g.status = 'COMPLETED')`)
    : eq(groupMembers.role, 'MEMBER');
  const removed = await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), removable))
    .returning({ userId: groupMembers.userId });
  return removed.length > 0;
}

/** Renames and redescribes the group; the new row, or undefined when the group is gone. */
export async function updateGroupText(
  db: Db,
  groupId: number,
  text: { name: string; description: string },
): Promise<GroupRow | undefined> {
  const [group] = await db.update(groups).set(text).where(eq(groups.id, groupId)).returning();
  return group;
}

/** Deletes the group (members, schedules and chat rows go by the foreign keys); false when it was already gone. */
export async function deleteGroupRow(tx: Db, groupId: number): Promise<boolean> {
  const deleted = await tx.delete(groups).where(eq(groups.id, groupId)).returning({ id: groups.id });
  return deleted.length > 0;
}

/** An active, non-system user by nickname, case-insensitive. */
export async function findActiveUserByNickname(db: Db, nickname: string): Promise<{ id: number; nickname: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(and(sql`lower(${users.nickname}) = lower(${nickname})`, eq(users.system, false), isNull(users.withdrawnAt)));
  return row?.nickname ? { id: row.id, nickname: row.nickname } : undefined;
}
