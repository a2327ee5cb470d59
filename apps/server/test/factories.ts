import { randomBytes } from 'node:crypto';
import type { BuiltApp } from '../src/app.js';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';

export const TEST_PASSWORD = 'password123!';

// One argon2id hash per test process: hashing per user was most of the suites' set-up time.
let passwordHash: Promise<string> | undefined;

export interface FactoryUser {
  id: number;
  loginId: string;
  nickname: string;
  password: string;
  token: string;
}

/**
 * Inserts an active user directly (as sign-up would store it) and signs its token as login would.
 * Tests of sign-up and login themselves go through the real routes.
 */
export async function insertUser(
  built: BuiltApp,
  now: Date,
  over: { loginId?: string; nickname: string; email?: string; phoneNumber?: string },
): Promise<FactoryUser> {
  const loginId = over.loginId ?? `user_${randomBytes(4).toString('hex')}`;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await built.ctx.db
    .insert(users)
    .values({
      loginId,
      passwordHash: await passwordHash,
      email: over.email ?? `${loginId}@example.com`,
      phoneNumber: over.phoneNumber ?? '01012345678',
      nickname: over.nickname,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id, tv: users.tokenVersion });
  const token = await built.ctx.tokens.sign({ sub: loginId, uid: row.id, tv: row.tv }, now);
  return { id: row.id, loginId, nickname: over.nickname, password: TEST_PASSWORD, token };
}

/** A fresh token as login would sign it at `now` (the user's current token version). */
export async function signFreshToken(built: BuiltApp, now: Date, user: FactoryUser): Promise<void> {
  const [row] = await built.ctx.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, user.id));
  user.token = await built.ctx.tokens.sign({ sub: user.loginId, uid: user.id, tv: row.tv }, now);
}
