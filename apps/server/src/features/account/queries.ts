import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { LOCK, lockExclusive, lockShared } from '../../db/locks.js';
import { basePosts, loginFailures, users, viewRecords, type UserRow } from '../../db/schema/index.js';
import { Unauthorized } from '../../lib/errors.js';

const MAX_PLAIN_KEY = 64;

/**
 * The login-lock key: the lower-cased id as typed (docs/api.md §1.7), whether or not it exists.
 * An id far longer than any real one is kept as its digest, so the key always fits its index.
 */
function loginFailureKey(loginId: string): string {
  const key = loginId.toLowerCase();
  return key.length <= MAX_PLAIN_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Ends the login lock and failure count of `loginId` (a password reset clears them, docs/api.md §6.4). */
export async function clearLoginFailures(tx: Db, loginId: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.key, loginFailureKey(loginId)));
}

/** The failure count and lock of `loginId`, if it failed lately. */
export async function findLoginFailure(db: Db, loginId: string): Promise<typeof loginFailures.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.key, loginFailureKey(loginId)));
  return row;
}

/**
 * Counts a failed login of `loginId` in one atomic upsert: an expired lock starts a new count; the
 * `lockAfter`-th consecutive failure sets the lock until `lockUntil`.
 */
export async function recordLoginFailure(db: Db, loginId: string, now: Date, lockAfter: number, lockUntil: Date): Promise<void> {
  const expired = sql`(${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= ${now})`;
  await db
    .insert(loginFailures)
    .values({ key: loginFailureKey(loginId), consecutiveFailures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        consecutiveFailures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginFailures.consecutiveFailures} + 1 END`,
        lockedUntil: sql`CASE WHEN ${expired} THEN NULL
          WHEN ${loginFailures.consecutiveFailures} + 1 >= ${lockAfter} THEN ${lockUntil}::timestamptz
          ELSE ${loginFailures.lockedUntil} END`,
      },
    });
}

/**
 * Creates that withdrawal must remove (posts, applications, profiles, groups) hold a shared per-user lock
 * until their transaction ends, and withdrawal holds it exclusively. Both take it before any row lock, so
 * neither side can wait on the other in a cycle: a create either commits first and its data goes with the
 * withdrawal, or waits for the withdrawal and then answers 401 like any request with a dead token.
 */
export async function lockActiveActor(tx: Db, userId: number): Promise<void> {
  if (!(await holdActiveUser(tx, userId))) throw new Unauthorized();
}

/**
 * The same shared lock for a user who is not the caller (an invitee): false when that user has withdrawn,
 * so a row about them is never written after their withdrawal.
 */
export async function holdActiveUser(tx: Db, userId: number): Promise<boolean> {
  await lockShared(tx, LOCK.userActivity, userId);
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.withdrawnAt)));
  return row !== undefined;
}

/** Withdrawal's side of {@link lockActiveActor}: the first lock its transaction takes. */
export async function lockWithdrawingUser(tx: Db, userId: number): Promise<void> {
  await lockExclusive(tx, LOCK.userActivity, userId);
}

/**
 * The user a token names, with their current token version, when they may still sign in (not withdrawn, not the
 * system user); the token checks (HTTP and sockets) compare the version.
 */
export async function signedInUser(
  db: Db,
  userId: number,
): Promise<{ id: number; loginId: string | null; nickname: string | null; tv: number } | undefined> {
  const [row] = await db
    .select({ id: users.id, loginId: users.loginId, nickname: users.nickname, tv: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.system, false), isNull(users.withdrawnAt)))
    .limit(1);
  return row;
}

export interface SessionUser {
  id: number;
  loginId: string | null;
  nickname: string | null;
  tv: number;
  createdAt: Date;
  /** the user's suspension row, ended or not (it ends by itself at `until`, docs/api.md §10.4) */
  suspension: { until: Date; reason: string } | null;
  /** granted by `npm run operator` (OPERATORS is the caller's to add) */
  operatorGranted: boolean;
}

/**
 * The user a request's token names, with their suspension and whether they were made an operator: one
 * primary-key read of users, suspensions and operators on every authenticated request, so a suspension, its end or
 * a change of role applies to the very next request on every instance.
 */
export async function sessionUser(db: Db, userId: number): Promise<SessionUser | undefined> {
  const [row] = await queryRows<{
    id: number;
    login_id: string | null;
    nickname: string | null;
    tv: number;
    created_at: Date | string;
    until: Date | string | null;
    reason: string | null;
    operator: boolean;
  }>(
    db,
    sql`SELECT u.id, u.login_id, u.nickname, u.token_version AS tv, u.created_at, s.until, s.reason,
               EXISTS (SELECT 1 FROM operators o WHERE o.user_id = u.id) AS operator
        FROM users u LEFT JOIN suspensions s ON s.user_id = u.id
        WHERE u.id = ${userId} AND NOT u.system AND u.withdrawn_at IS NULL`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    loginId: row.login_id,
    nickname: row.nickname,
    tv: Number(row.tv),
    createdAt: new Date(row.created_at),
    suspension: row.until === null ? null : { until: new Date(row.until), reason: row.reason ?? '' },
    operatorGranted: row.operator === true,
  };
}

/** Whether a user (withdrawn or not) has this login id, case-insensitively. */
export async function loginIdTaken(db: Db, loginId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.loginId}) = lower(${loginId})`)
    .limit(1);
  return rows.length > 0;
}

/** Whether a user other than `exceptUserId` has this nickname, case-insensitively. */
export async function nicknameInUse(db: Db, nickname: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.nickname}) = lower(${nickname})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface NewUser {
  loginId: string;
  passwordHash: string;
  email: string;
  phoneNumber: string;
  nickname: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Stores a new account; the unique indexes on the lower-cased login id and nickname settle races. */
export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insert(users).values(user);
}

/** The active user with this id, never the system user. */
export async function findActiveUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.withdrawnAt), eq(users.system, false)));
  return row;
}

/** Whether the user has not withdrawn. */
export async function isActiveUser(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.withdrawnAt)));
  return row !== undefined;
}

export interface AccountFields {
  email: string;
  phoneNumber: string;
  nickname: string;
  updatedAt: Date;
  passwordHash?: string;
}

export async function updateUser(db: Db, userId: number, fields: AccountFields): Promise<void> {
  await db.update(users).set(fields).where(eq(users.id, userId));
}

/** The active, non-system user who signs in with `loginId` (matched case-insensitively). */
export async function findLoginUser(db: Db, loginId: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.loginId}) = ${loginId.toLowerCase()}`, isNull(users.withdrawnAt), eq(users.system, false)));
  return user;
}

/** Whether the user is the system sender; undefined when there is no such user. */
export async function isSystemUser(db: Db, userId: number): Promise<boolean | undefined> {
  const [row] = await queryRows<{ system: boolean }>(db, sql`SELECT system FROM users WHERE id = ${userId}`);
  return row?.system;
}

/** Creates the flagged system sender unless it exists. */
export async function insertSystemUserIfMissing(db: Db): Promise<void> {
  await db.insert(users).values({ nickname: '[시스템]', system: true }).onConflictDoNothing();
}

/** The system sender's id, found by the flag (never by a fixed id). */
export async function systemUserId(db: Db): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.system, true));
  return row.id;
}

/**
 * Row-locks every post of the user. Group creation locks its post first: holding the user's posts, withdrawal's
 * guards see every group made from them so far, and one made later waits and then finds its post gone.
 */
export async function lockPostsOf(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: basePosts.id }).from(basePosts).where(eq(basePosts.creatorId, userId)).for('update');
}

/** Forgets what the user viewed (their viewer key in view records). */
export async function deleteViewsBy(tx: Db, userId: number): Promise<void> {
  await tx.delete(viewRecords).where(eq(viewRecords.viewerKey, `u:${userId}`));
}

/** Turns the user row into a tombstone: personal fields cleared, every token version before this one dead. */
export async function tombstoneUser(tx: Db, userId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      loginId: null,
      passwordHash: null,
      email: null,
      phoneNumber: null,
      nickname: null,
      withdrawnAt: now,
      updatedAt: now,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, userId));
}

export interface NewSocialUser {
  email: string;
  phoneNumber: string;
  nickname: string;
  createdAt: Date;
  updatedAt: Date;
}

/** An account made with another sign-in (docs/api.md §10.3): no login id and no password until it sets them. */
export async function insertSocialUser(db: Db, user: NewSocialUser): Promise<{ id: number; tokenVersion: number }> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id, tokenVersion: users.tokenVersion });
  return row;
}

/**
 * Gives an account without a password its login id and password; false when it has one already (or withdrew).
 * The unique index on the lower-cased login id settles races.
 */
export async function setFirstLogin(db: Db, userId: number, loginId: string, passwordHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ loginId, passwordHash, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.passwordHash), isNull(users.loginId), isNull(users.withdrawnAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Row-locks the active user (one change of their ways to sign in at a time); whether they have a password. */
export async function lockUserLogin(tx: Db, userId: number): Promise<{ hasPassword: boolean } | undefined> {
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.withdrawnAt)))
    .for('update');
  return row && { hasPassword: row.passwordHash !== null };
}

/** The active, non-system user of that nickname (trimmed, case-insensitive, as 쪽지 name receivers). */
export async function activeUserByNickname(db: Db, nickname: string): Promise<{ id: number; nickname: string } | undefined> {
  const [row] = await queryRows<{ id: number; nickname: string }>(
    db,
    sql`SELECT id, nickname FROM users WHERE lower(nickname) = lower(${nickname}) AND withdrawn_at IS NULL AND NOT system LIMIT 1`,
  );
  return row;
}
