import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { isReservedNickname, type LoginResponse } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { loginFailures, users, type UserRow } from '../../db/schema/index.js';
import { authorize } from '../../lib/authorize.js';
import { Conflict, isUniqueViolation, NotFound, TooManyRequests, Unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthUser } from '../../lib/request-auth.js';
import type { Deferred } from '../../lib/validation.js';
import { isSelf } from './policy.js';
import {
  ACCOUNT_LOCKED,
  DUPLICATE_LOGIN_ID,
  DUPLICATE_NICKNAME,
  INVALID_CREDENTIALS,
  NO_ACCESS,
  USER_NOT_FOUND,
} from './texts.js';
import { touched } from '../../lib/public-changes.js';

const LOCK_AFTER_FAILURES = 10;
const LOCK_MS = 10 * 60 * 1000;

export const duplicateLoginId = () => new Conflict('duplicate_login_id', DUPLICATE_LOGIN_ID);
export const duplicateNickname = () => new Conflict('duplicate_nickname', DUPLICATE_NICKNAME);

export async function loginIdTaken(db: Db, loginId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.loginId}) = lower(${loginId})`)
    .limit(1);
  return rows.length > 0;
}

export async function nicknameTaken(db: Db, nickname: string, exceptUserId?: number): Promise<boolean> {
  if (isReservedNickname(nickname)) return true;
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

function mapUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err, 'users_login_id_lower_uq')) throw duplicateLoginId();
  if (isUniqueViolation(err, 'users_nickname_lower_uq')) throw duplicateNickname();
  throw err;
}

export interface NewAccount {
  loginId: string;
  password: string;
  email: string;
  phoneNumber: string;
  nickname: string;
}

export async function register(ctx: AppContext, input: NewAccount): Promise<void> {
  if (await loginIdTaken(ctx.db, input.loginId)) throw duplicateLoginId();
  if (await nicknameTaken(ctx.db, input.nickname)) throw duplicateNickname();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db
    .insert(users)
    .values({
      loginId: input.loginId,
      passwordHash,
      email: input.email,
      phoneNumber: input.phoneNumber,
      nickname: input.nickname,
      createdAt: now,
      updatedAt: now,
    })
    .catch(mapUniqueViolation);
}

export async function findActiveUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.withdrawnAt), eq(users.system, false)));
  if (!row) throw new NotFound(USER_NOT_FOUND);
  return row;
}

export interface AccountUpdate {
  password?: string;
  email: string;
  phoneNumber: string;
  nickname: string;
}

/** PUT /api/users/{id}: only oneself (403 before any field rule). */
export async function updateAccount(
  ctx: AppContext,
  user: AuthUser,
  userId: number,
  body: Deferred<AccountUpdate>,
): Promise<void> {
  authorize(isSelf(user, userId), NO_ACCESS);
  const input = body();
  if (await nicknameTaken(ctx.db, input.nickname, userId)) throw duplicateNickname();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await ctx.db
    .update(users)
    .set({
      email: input.email,
      phoneNumber: input.phoneNumber,
      nickname: input.nickname,
      updatedAt: ctx.clock.now(),
      ...(passwordHash ? { passwordHash } : {}),
    })
    .where(eq(users.id, userId))
    .catch(mapUniqueViolation);
  // the nickname and phone number show on every post of the user, in lists and details
  ctx.changes.publish(touched.everything);
}

const invalidCredentials = () => new Unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');

export async function login(ctx: AppContext, loginId: string, password: string): Promise<LoginResponse> {
  // No login id contains NUL (and PostgreSQL cannot compare one): it names nobody.
  if (loginId.includes('\u0000')) throw invalidCredentials();
  const key = loginFailureKey(loginId);
  const now = ctx.clock.now();
  const [failure] = await ctx.db.select().from(loginFailures).where(eq(loginFailures.key, key));
  if (failure?.lockedUntil && failure.lockedUntil > now) {
    throw new TooManyRequests((failure.lockedUntil.getTime() - now.getTime()) / 1000, ACCOUNT_LOCKED, 'account_locked');
  }

  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.loginId}) = ${loginId.toLowerCase()}`, isNull(users.withdrawnAt), eq(users.system, false)));
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await recordFailure(ctx.db, key, now);
    throw invalidCredentials();
  }
  if (failure) await ctx.db.delete(loginFailures).where(eq(loginFailures.key, key));
  const token = await ctx.tokens.sign({ sub: user.loginId!, uid: user.id, tv: user.tokenVersion }, now);
  return { loginId: user.loginId!, token, role: 'ROLE_USER', nickname: user.nickname! };
}

const MAX_PLAIN_KEY = 64;

/**
 * The login-lock key: the lower-cased id as typed (docs/api.md §1.7), whether or not it exists.
 * An id far longer than any real one is kept as its digest, so the key always fits its index.
 */
export function loginFailureKey(loginId: string): string {
  const key = loginId.toLowerCase();
  return key.length <= MAX_PLAIN_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** One atomic upsert: an expired lock starts a new count; the 10th consecutive failure sets the lock. */
async function recordFailure(db: Db, key: string, now: Date) {
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  const expired = sql`(${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= ${now})`;
  await db
    .insert(loginFailures)
    .values({ key, consecutiveFailures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        consecutiveFailures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginFailures.consecutiveFailures} + 1 END`,
        lockedUntil: sql`CASE WHEN ${expired} THEN NULL
          WHEN ${loginFailures.consecutiveFailures} + 1 >= ${LOCK_AFTER_FAILURES} THEN ${lockUntil}::timestamptz
          ELSE ${loginFailures.lockedUntil} END`,
      },
    });
}

/** The flagged system sender; created at start-up when missing, found by the flag, never by id. */
export async function ensureSystemUser(db: Db): Promise<number> {
  await db.insert(users).values({ nickname: '[시스템]', system: true }).onConflictDoNothing();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.system, true));
  return row.id;
}
