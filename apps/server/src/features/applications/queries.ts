import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { limitOffset } from '../../db/paging-sql.js';
import { applications, basePosts, type ApplicationRow, type PostRow } from '../../db/schema/index.js';
import type { PageRequest } from '../../lib/paging.js';
import { effectiveInactive } from '../posts/queries.js';
import type { ApplicantRow, MyApplicationRow } from './presenter.js';
import { recordColumns, recordJoin } from '../teams/queries.js';

/** Whether the user has an application to the post, in any state. */
export async function hasApplied(db: Db, postId: number, applicantId: number): Promise<boolean> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.postId, postId), eq(applications.applicantId, applicantId)));
  return rows.length > 0;
}

/** A new PENDING application; the unique (post, applicant) index refuses a second one. Returns its id. */
export async function insertApplication(tx: Db, postId: number, applicantId: number, appliedAt: Date): Promise<number> {
  const [row] = await tx.insert(applications).values({ postId, applicantId, appliedAt }).returning({ id: applications.id });
  return row.id;
}

/** The user's applications with their posts, newest first. */
export function myApplicationRows(db: Db, applicantId: number, today: string): Promise<MyApplicationRow[]> {
  return queryRows<MyApplicationRow>(
    db,
    sql`SELECT a.id, a.post_id, p.title, a.status, a.applied_at, ${effectiveInactive(today)} AS inactive, p.kind
        FROM applications a JOIN base_posts p ON p.id = a.post_id
        WHERE a.applicant_id = ${applicantId} ORDER BY a.id DESC`,
  );
}

/** A page of the post's applicants with their profiles (if any) and records, newest application first: one statement. */
export function applicantRows(db: Db, postId: number, page: PageRequest): Promise<ApplicantRow[]> {
  return queryRows<ApplicantRow>(
    db,
    sql`SELECT a.id, a.applicant_id, a.status, u.nickname, (u.withdrawn_at IS NOT NULL) AS withdrawn,
          ap.contact, ap.field, ap.tech_stacks, ${recordColumns}
        FROM applications a JOIN users u ON u.id = a.applicant_id
        LEFT JOIN application_profiles ap ON ap.user_id = a.applicant_id
        ${recordJoin(sql`a.applicant_id`)}
        WHERE a.post_id = ${postId} ORDER BY a.id DESC ${limitOffset(page)}`,
  );
}

export async function countApplicants(db: Db, postId: number): Promise<number> {
  return Number(await db.$count(applications, eq(applications.postId, postId)));
}

/** Deletes the applicant's own application if it is still PENDING; whether it did. */
export async function deletePendingApplication(tx: Db, applicationId: number, applicantId: number): Promise<boolean> {
  const removed = await queryRows(
    tx,
    sql`DELETE FROM applications WHERE id = ${applicationId} AND applicant_id = ${applicantId} AND status = 'PENDING'
        RETURNING id`,
  );
  return removed.length > 0;
}

/** Whether the application exists and is the applicant's. */
export async function isApplicationOf(tx: Db, applicationId: number, applicantId: number): Promise<boolean> {
  const [mine] = await queryRows(
    tx,
    sql`SELECT 1 FROM applications WHERE id = ${applicationId} AND applicant_id = ${applicantId}`,
  );
  return mine !== undefined;
}

/** The application with its post. */
export async function findApplicationWithPost(
  db: Db,
  id: number,
): Promise<{ application: ApplicationRow; post: PostRow } | undefined> {
  const [found] = await db
    .select({ application: applications, post: basePosts })
    .from(applications)
    .innerJoin(basePosts, eq(basePosts.id, applications.postId))
    .where(eq(applications.id, id));
  return found;
}

/** Sets the decision only while the application is PENDING; whether it did. */
export async function decidePending(
  tx: Db,
  applicationId: number,
  status: 'APPROVED' | 'REJECTED',
  decidedAt: Date,
): Promise<boolean> {
  const changed = await tx
    .update(applications)
    .set({ status, decidedAt })
    .where(and(eq(applications.id, applicationId), eq(applications.status, 'PENDING')))
    .returning({ id: applications.id });
  return changed.length > 0;
}

export async function applicationExists(tx: Db, applicationId: number): Promise<boolean> {
  const [still] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
  return still !== undefined;
}

/**
 * Row-locks the user's applications: an approval under way holds its application row, so waiting for it lets
 * the next statement, which reads afresh, see the seat it took.
 */
export async function lockApplicationsOf(tx: Db, applicantId: number): Promise<void> {
  await tx.select({ id: applications.id }).from(applications).where(eq(applications.applicantId, applicantId)).for('update');
}

/** Gives back the seat of each APPROVED application of the user on a post that has no group yet. */
export async function releaseApprovedSeatsOf(tx: Db, applicantId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE base_posts p SET current_members = GREATEST(1, p.current_members - 1)
    FROM applications a
    WHERE a.post_id = p.id AND a.applicant_id = ${applicantId} AND a.status = 'APPROVED'
      AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.post_id = p.id)`);
}

export async function deleteApplicationsOf(tx: Db, applicantId: number): Promise<void> {
  await tx.delete(applications).where(eq(applications.applicantId, applicantId));
}
