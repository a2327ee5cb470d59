import { isReservedNickname, type LoginResponse } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { authorize } from '../../lib/authorize.js';
import { Conflict, isUniqueViolation, NotFound, TooManyRequests, Unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Deferred } from '../../lib/validation.js';
import { refuseSuspended } from '../moderation/policy.js';
import { findSuspension } from '../moderation/queries.js';
import { isSelf } from './policy.js';
import {
  activeUserByNickname,
  clearLoginFailures,
  findActiveUser as findActiveUserRow,
  findLoginFailure,
  findLoginUser,
  insertSystemUserIfMissing,
  insertUser,
  loginIdTaken,
  nicknameInUse,
  recordLoginFailure,
  systemUserId,
  updateUser,
} from './queries.js';
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

export const duplicateLoginId = () => new Conflict(DUPLICATE_LOGIN_ID, 'duplicate_login_id');
export const duplicateNickname = () => new Conflict(DUPLICATE_NICKNAME, 'duplicate_nickname');

/** A reserved nickname counts as taken. */
export async function nicknameTaken(db: Db, nickname: string, exceptUserId?: number): Promise<boolean> {
  if (isReservedNickname(nickname)) return true;
  return nicknameInUse(db, nickname, exceptUserId);
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
  await insertUser(ctx.db, {
    loginId: input.loginId,
    passwordHash,
    email: input.email,
    phoneNumber: input.phoneNumber,
    nickname: input.nickname,
    createdAt: now,
    updatedAt: now,
  }).catch(mapUniqueViolation);
}

export async function findActiveUser(db: Db, id: number): Promise<UserRow> {
  const row = await findActiveUserRow(db, id);
  if (!row) throw new NotFound(USER_NOT_FOUND);
  return row;
}

/** GET /api/users/me: the account, and whether it is an operator now (read with the user by the auth hook, §10.4). */
export async function me(ctx: AppContext, user: AuthUser): Promise<{ row: UserRow; operator: boolean }> {
  const row = await findActiveUser(ctx.db, user.id);
  return { row, operator: user.operator === true };
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
  // an account without a login id gets its first password with POST /api/users/me/password, which sets both: a
  // password alone could never be used, and would close that route (password_exists)
  const passwordHash = input.password && user.loginId !== null ? await hashPassword(input.password) : undefined;
  await updateUser(ctx.db, userId, {
    email: input.email,
    phoneNumber: input.phoneNumber,
    nickname: input.nickname,
    updatedAt: ctx.clock.now(),
    ...(passwordHash ? { passwordHash } : {}),
  }).catch(mapUniqueViolation);
  // the nickname and phone number show on every post of the user, in lists and details
  ctx.changes.publish(touched.everything);
}

const invalidCredentials = () => new Unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');

/**
 * POST /api/auth/login: a locked id is refused before its password is checked; the 10th consecutive failure locks
 * it for 10 minutes (the count is kept per id as typed, known or not); a success clears the count.
 */
export async function login(ctx: AppContext, loginId: string, password: string): Promise<LoginResponse> {
  // No login id contains NUL (and PostgreSQL cannot compare one): it names nobody.
  if (loginId.includes('\u0000')) throw invalidCredentials();
  const now = ctx.clock.now();
  const failure = await findLoginFailure(ctx.db, loginId);
  if (failure?.lockedUntil && failure.lockedUntil > now) {
    throw new TooManyRequests((failure.lockedUntil.getTime() - now.getTime()) / 1000, ACCOUNT_LOCKED, 'account_locked');
  }

  const user = await findLoginUser(ctx.db, loginId);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await recordLoginFailure(ctx.db, loginId, now, LOCK_AFTER_FAILURES, new Date(now.getTime() + LOCK_MS));
    throw invalidCredentials();
  }
  if (failure) await clearLoginFailures(ctx.db, loginId);
  refuseSuspended(await findSuspension(ctx.db, user.id), now);
  const token = await ctx.tokens.sign({ sub: user.loginId!, uid: user.id, tv: user.tokenVersion }, now);
  return { loginId: user.loginId!, token, role: 'ROLE_USER', nickname: user.nickname! };
}

/** The flagged system sender; created at start-up when missing, found by the flag, never by id. */
export async function ensureSystemUser(db: Db): Promise<number> {
  await insertSystemUserIfMissing(db);
  return systemUserId(db);
}

/** GET /api/users/lookup: whose page a nickname shown on a post leads to (a public fact, like the nickname itself). */
export async function lookUpNickname(db: Db, raw: unknown): Promise<{ userId: number; nickname: string }> {
  const nickname = typeof raw === 'string' ? raw.trim() : '';
  const user = nickname && !nickname.includes('\u0000') ? await activeUserByNickname(db, nickname) : undefined;
  if (!user) throw new NotFound(USER_NOT_FOUND, 'user_not_found');
  return { userId: user.id, nickname: user.nickname };
}
