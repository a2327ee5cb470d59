import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { resetGrants, users, verificationCodes, type CodeFlow, type VerificationCodeRow } from '../../db/schema/index.js';

// --- users, by e-mail and login id

export interface RecoverableUser {
  id: number;
  /** null for an account made with another sign-in (docs/api.md §10.3): found by e-mail, never by login id */
  loginId: string | null;
  email: string;
}

/** A value PostgreSQL can compare: a string without NUL, of a length some stored value could have. */
const comparable = (s: unknown, max: number): s is string => typeof s === 'string' && !s.includes('\u0000') && s.length <= max;

/** E-mails are compared trimmed and case-insensitively (docs/api.md §6.1); null for a value that names nobody. */
export const emailKeyOf = (email: unknown): string | null => (comparable(email, 1024) ? email.trim().toLowerCase() : null);

const active = and(isNull(users.withdrawnAt), eq(users.system, false));
const columns = { id: users.id, loginId: users.loginId, email: users.email };

const recoverable = (rows: Array<{ id: number; loginId: string | null; email: string | null }>): RecoverableUser[] =>
  rows.filter((r): r is RecoverableUser => r.email !== null);

/** Active users with this e-mail, by id; withdrawn users and the system user never match. */
export async function activeUsersWithEmail(db: Db, emailKey: string | null): Promise<RecoverableUser[]> {
  if (emailKey === null) return [];
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(sql`lower(${users.email}) = ${emailKey}`, active))
    .orderBy(asc(users.id));
  return recoverable(rows);
}

/** The active user with this login id, matched trimmed and case-insensitively. */
export async function activeUserByLoginId(db: Db, loginId: unknown): Promise<(RecoverableUser & { loginId: string }) | null> {
  if (!comparable(loginId, 1024)) return null;
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(sql`lower(${users.loginId}) = ${loginId.trim().toLowerCase()}`, active))
    .limit(1);
  const [user] = recoverable(rows);
  return user?.loginId ? { ...user, loginId: user.loginId } : null;
}

/** The user's e-mail as stored (null once withdrawn), undefined for no such user. */
export async function emailOfUser(tx: Db, userId: number): Promise<string | null | undefined> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/**
 * Sets a new password on the user if still active, and bumps the token version so every session ends.
 * Returns the login id and e-mail the notice goes to; undefined when the user has withdrawn meanwhile.
 */
export async function setPassword(
  tx: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<{ loginId: string | null; email: string | null } | undefined> {
  const [changed] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.withdrawnAt)))
    .returning({ loginId: users.loginId, email: users.email });
  return changed;
}

// --- verification codes

/** Where a code goes: the find-id code is for an e-mail; the password code for one user and that e-mail. */
export interface CodeTarget {
  flow: CodeFlow;
  emailKey: string;
  userId: number | null;
}

const sameTarget = (t: CodeTarget) =>
  and(
    eq(verificationCodes.flow, t.flow),
    eq(verificationCodes.emailKey, t.emailKey),
    t.userId === null ? isNull(verificationCodes.userId) : eq(verificationCodes.userId, t.userId),
  );

const current = inArray(verificationCodes.status, ['ACTIVE', 'LOCKED']);

/** When codes to the e-mail were mailed since `since` (both flows; UNSENT ones not), newest first. */
export async function sentCodeTimes(tx: Db, emailKey: string, since: Date): Promise<Date[]> {
  const sent = await tx
    .select({ at: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.emailKey, emailKey),
        ne(verificationCodes.status, 'UNSENT'),
        gt(verificationCodes.createdAt, since),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt));
  return sent.map((r) => r.at);
}

/** Deletes the e-mail's codes made before `before`. */
export async function deleteCodesBefore(tx: Db, emailKey: string, before: Date): Promise<void> {
  await tx
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.emailKey, emailKey), lt(verificationCodes.createdAt, before)));
}

/** Cancels the current (ACTIVE or LOCKED) code of the flow and target. */
export async function cancelCurrentCodes(tx: Db, target: CodeTarget): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ status: 'CANCELLED' })
    .where(and(sameTarget(target), current));
}

/** A new ACTIVE code (only its hash is kept); returns its id. */
export async function insertCode(
  tx: Db,
  target: CodeTarget,
  codeHash: string,
  createdAt: Date,
  expiresAt: Date,
): Promise<number> {
  const [row] = await tx
    .insert(verificationCodes)
    .values({ ...target, codeHash, createdAt, expiresAt })
    .returning({ id: verificationCodes.id });
  return row.id;
}

/** Marks a still ACTIVE code whose mail could not be sent, so it neither verifies nor counts toward the limits. */
export async function markCodeUnsent(db: Db, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ status: 'UNSENT' })
    .where(and(eq(verificationCodes.id, id), eq(verificationCodes.status, 'ACTIVE')));
}

/** The current code of the flow and target, row-locked so tries on it count one after another. */
export async function lockCurrentCode(tx: Db, target: CodeTarget): Promise<VerificationCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(sameTarget(target), current))
    .for('update');
  return row;
}

export async function markCodeUsed(tx: Db, id: number): Promise<void> {
  await tx.update(verificationCodes).set({ status: 'USED' }).where(eq(verificationCodes.id, id));
}

/** Stores the count of wrong tries; a locked code stays current but verifies no more. */
export async function recordWrongTry(tx: Db, id: number, failedAttempts: number, locked: boolean): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ failedAttempts, status: locked ? 'LOCKED' : 'ACTIVE' })
    .where(eq(verificationCodes.id, id));
}

/** Cancels every current code of a user: their password-flow codes and the find-id codes of their e-mail. */
export async function cancelCodesOf(tx: Db, userId: number, emailKey: string | null): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        current,
        or(
          eq(verificationCodes.userId, userId),
          emailKey === null
            ? undefined
            : and(eq(verificationCodes.flow, 'FIND_LOGIN_ID'), eq(verificationCodes.emailKey, emailKey)),
        ),
      ),
    );
}

/** Deletes the user's codes, and the find-id codes of `findIdEmailKey` when given. */
export async function deleteCodesOf(tx: Db, userId: number, findIdEmailKey: string | null): Promise<void> {
  const findIdCodes =
    findIdEmailKey === null
      ? undefined
      : and(eq(verificationCodes.flow, 'FIND_LOGIN_ID'), eq(verificationCodes.emailKey, findIdEmailKey));
  await tx.delete(verificationCodes).where(or(eq(verificationCodes.userId, userId), findIdCodes));
}

// --- reset grants

/** Deletes every grant of the user, used or not. */
export async function deleteGrantsOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(resetGrants).where(eq(resetGrants.userId, userId));
}

export async function insertGrant(tx: Db, userId: number, grantHash: string, createdAt: Date, expiresAt: Date): Promise<void> {
  await tx.insert(resetGrants).values({ userId, grantHash, createdAt, expiresAt });
}

const usableGrant = (hash: string, userId: number, now: Date) =>
  and(
    eq(resetGrants.grantHash, hash),
    eq(resetGrants.userId, userId),
    eq(resetGrants.status, 'ACTIVE'),
    gt(resetGrants.expiresAt, now),
  );

/** Whether the user has an ACTIVE, unexpired grant with this hash. */
export async function hasUsableGrant(db: Db, hash: string, userId: number, now: Date): Promise<boolean> {
  const [grant] = await db
    .select({ id: resetGrants.id })
    .from(resetGrants)
    .where(usableGrant(hash, userId, now));
  return grant !== undefined;
}

/** Marks that grant USED if it is still usable; whether it was (only one request can use a grant). */
export async function useGrant(tx: Db, hash: string, userId: number, now: Date): Promise<boolean> {
  const [used] = await tx
    .update(resetGrants)
    .set({ status: 'USED' })
    .where(usableGrant(hash, userId, now))
    .returning({ id: resetGrants.id });
  return used !== undefined;
}

/** Deletes the user's ACTIVE grants (the used one stays). */
export async function deleteActiveGrantsOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(resetGrants).where(and(eq(resetGrants.userId, userId), eq(resetGrants.status, 'ACTIVE')));
}
