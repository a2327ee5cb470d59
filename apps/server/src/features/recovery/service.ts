import type { AppContext } from '../../context.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { codeError, consumeCode, issueCode, throwUnlessOk } from './codes.js';
import { findIdCodeMail, findPasswordCodeMail } from './mails.js';
import { createGrant } from './password-reset.js';
import { TEXTS } from './texts.js';
import { identitiesOf } from '../identities/queries.js';
import { activeUserByLoginId, activeUsersWithEmail, emailKeyOf, type CodeTarget, type RecoverableUser } from './queries.js';

// --- find login id (docs/api.md §6.2)

async function usersWithEmail(ctx: AppContext, email: unknown): Promise<RecoverableUser[]> {
  const found = await activeUsersWithEmail(ctx.db, emailKeyOf(email));
  if (!found.length) throw new NotFound(TEXTS.emailNotFound);
  return found;
}

export async function checkEmail(ctx: AppContext, email: string): Promise<void> {
  await usersWithEmail(ctx, email);
}

export async function sendFindIdCode(ctx: AppContext, email: string): Promise<void> {
  const [first] = await usersWithEmail(ctx, email);
  const target: CodeTarget = { flow: 'FIND_LOGIN_ID', emailKey: emailKeyOf(email)!, userId: null };
  await issueCode(ctx, target, (code) => findIdCodeMail(first.email, code));
}

/** An account found by e-mail: its login id, or (an account made with another sign-in) the providers it signs in with. */
export interface FoundAccount {
  loginId: string | null;
  providers: string[];
}

/** Every active user with the e-mail, by id, once the code is right (and used). */
export async function verifyFindIdCode(ctx: AppContext, email: unknown, code: unknown): Promise<FoundAccount[]> {
  const emailKey = emailKeyOf(email);
  if (emailKey === null) throw codeError('code_invalid');
  const target: CodeTarget = { flow: 'FIND_LOGIN_ID', emailKey, userId: null };
  const outcome = await ctx.db.transaction((tx) => consumeCode(tx, ctx.config.jwtSecret, target, code, ctx.clock.now()));
  throwUnlessOk(outcome);
  const found = await activeUsersWithEmail(ctx.db, emailKey);
  return Promise.all(
    found.map(async (u) => ({
      loginId: u.loginId,
      providers: u.loginId === null ? (await identitiesOf(ctx.db, u.id)).map((i) => i.provider) : [],
    })),
  );
}

// --- find password (docs/api.md §6.3)

/** The pair check both check-loginid-email and send-code make: the id exists, and the e-mail is its own. */
export async function userOfPair(ctx: AppContext, loginId: string, email: string): Promise<RecoverableUser> {
  const user = await activeUserByLoginId(ctx.db, loginId);
  if (!user) throw new NotFound(TEXTS.loginIdNotFound);
  if (emailKeyOf(user.email) !== emailKeyOf(email)) throw new BadRequest(TEXTS.emailMismatch, 'email_mismatch');
  return user;
}

export async function sendFindPasswordCode(ctx: AppContext, loginId: string, email: string): Promise<void> {
  const user = await userOfPair(ctx, loginId, email);
  const target: CodeTarget = { flow: 'FIND_PASSWORD', emailKey: emailKeyOf(user.email)!, userId: user.id };
  await issueCode(ctx, target, (code) => findPasswordCodeMail(user.email, code));
}

/** A right code of exactly that pair is used and a reset grant made; returns the grant's cookie value. */
export async function verifyFindPasswordCode(ctx: AppContext, loginId: unknown, email: unknown, code: unknown): Promise<string> {
  const user = await activeUserByLoginId(ctx.db, loginId);
  const emailKey = emailKeyOf(email);
  // an unknown id, or an e-mail that is not the user's, has no code to match
  if (!user || emailKey === null || emailKeyOf(user.email) !== emailKey) throw codeError('code_invalid');
  const target: CodeTarget = { flow: 'FIND_PASSWORD', emailKey, userId: user.id };
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const outcome = await consumeCode(tx, ctx.config.jwtSecret, target, code, now);
    return { outcome, grant: outcome === 'ok' ? await createGrant(tx, ctx.config.jwtSecret, user.id, now) : null };
  });
  throwUnlessOk(result.outcome);
  return result.grant!;
}
