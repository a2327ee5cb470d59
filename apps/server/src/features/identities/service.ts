import { isOAuthProvider, type OAuthErrorCode, type OAuthLinkCode, type OAuthProvider } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { BadRequest, Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { inTransaction } from '../../lib/transaction.js';
import type { Deferred } from '../../lib/validation.js';
import {
  findActiveUser,
  insertSocialUser,
  lockUserLogin,
  loginIdTaken,
  nicknameInUse,
  setFirstLogin,
} from '../account/queries.js';
import { DUPLICATE_LOGIN_ID, DUPLICATE_NICKNAME } from '../account/texts.js';
import { refuseSuspended } from '../moderation/policy.js';
import { findSuspension } from '../moderation/queries.js';
import { safeFrom } from './from-path.js';
import { mayUnlink } from './policy.js';
import {
  ProviderError,
  providerPorts,
  redirectUriOf,
  type FlowChecks,
  type ProviderPort,
  type ProviderProfile,
} from './providers.js';
import {
  deleteIdentity,
  findIdentity,
  identitiesOf,
  insertIdentity,
  insertTicket,
  peekTicket,
  takeTicket,
  userOfIdentity,
} from './queries.js';
import { isWellFormedSecret, newSecret, secretHash } from './secrets.js';
import { TEXTS } from './texts.js';

const MINUTE = 60_000;
/** docs/api.md §10.3: the browser's flow and the link start URL live 10 minutes, the sign-in code 60 s. */
export const FLOW_TTL_MS = 10 * MINUTE;
const LINK_START_TTL_MS = 10 * MINUTE;
const SIGN_IN_CODE_TTL_MS = MINUTE;
/** † how long the social sign-up form may stay open */
const SIGNUP_TTL_MS = 30 * MINUTE;

const portsByConfig = new WeakMap<Config, Map<OAuthProvider, ProviderPort>>();

/** The providers, built once per configuration (the routes ask at start, so its warnings come then). */
function ports(ctx: AppContext): Map<OAuthProvider, ProviderPort> {
  let found = portsByConfig.get(ctx.config);
  if (!found) portsByConfig.set(ctx.config, (found = providerPorts(ctx.config, (message) => ctx.log.warn(message))));
  return found;
}

/** The configured providers, in the contract's order. */
export const configuredProviders = (ctx: AppContext): OAuthProvider[] => [...ports(ctx).keys()];

/** A provider that is not configured answers 404, like an unknown route (docs/api.md §10.3). */
function portOf(ctx: AppContext, provider: string): ProviderPort {
  const port = isOAuthProvider(provider) ? ports(ctx).get(provider) : undefined;
  if (!port) throw new NotFound();
  return port;
}

export const requireProvider = (ctx: AppContext, provider: string): OAuthProvider => portOf(ctx, provider).name;

const hashOf = (ctx: AppContext, purpose: string, value: string) => secretHash(ctx.config.jwtSecret, purpose, value);
const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

// --- the redirects

const withProvider = (path: string, provider: OAuthProvider) => `${path}&provider=${provider}`;
export const loginFailure = (code: OAuthErrorCode, provider?: OAuthProvider) =>
  provider ? withProvider(`/login?oauthError=${code}`, provider) : `/login?oauthError=${code}`;
export const linkFailure = (code: OAuthLinkCode, provider: OAuthProvider) => withProvider(`/myinfo?linkError=${code}`, provider);

// --- start

export interface StartResult {
  /** 302 target */
  location: string;
  /** the browser's flow cookie to set, when a flow started */
  browser?: string;
}

/**
 * GET /api/auth/oauth/{provider}/start: a flow bound to this browser (its cookie value is kept only as a hash), then
 * the provider's authorization URL with state, PKCE S256 and, for OIDC, a nonce. With `link`, the one-time start
 * URL of POST /link is used up (by the browser it was given to) and the flow links to its user instead of signing in.
 */
export async function startFlow(
  ctx: AppContext,
  provider: string,
  query: { from?: unknown; link?: unknown },
  browserCookie: string | undefined,
): Promise<StartResult> {
  const port = portOf(ctx, provider);
  const now = ctx.clock.now();
  let linkUserId: number | null = null;
  if (query.link !== undefined) {
    const taken = await takeLinkStart(ctx, port.name, query.link, browserCookie, now);
    if (typeof taken === 'string') return { location: linkFailure(taken, port.name) };
    linkUserId = taken;
  }
  const browser = isWellFormedSecret(browserCookie) ? browserCookie : newSecret();
  const checks: FlowChecks = { state: newSecret(), codeVerifier: newSecret(), nonce: newSecret() };
  const url = await port.authorizationUrl(checks);
  await insertTicket(ctx.db, {
    kind: 'FLOW',
    secretHash: hashOf(ctx, 'state', checks.state),
    provider: port.name,
    userId: linkUserId,
    data: {
      browser: hashOf(ctx, 'browser', browser),
      codeVerifier: checks.codeVerifier,
      nonce: checks.nonce,
      from: linkUserId === null ? safeFrom(query.from) : null,
    },
    createdAt: now,
    expiresAt: later(now, FLOW_TTL_MS),
  });
  return { location: url.href, browser };
}

/**
 * The link start URL's user, used up only by the browser that asked for it: opened in another browser (someone
 * forwarded it) it would link that browser's provider account to the asker's account, so it links nothing and
 * stays usable by its own browser.
 */
async function takeLinkStart(
  ctx: AppContext,
  provider: OAuthProvider,
  link: unknown,
  browserCookie: string | undefined,
  now: Date,
): Promise<number | 'link_expired' | 'wrong_browser'> {
  if (!isWellFormedSecret(link)) return 'link_expired';
  const hash = hashOf(ctx, 'link', link);
  const ticket = isWellFormedSecret(browserCookie)
    ? await takeTicket(ctx.db, 'LINK_START', hash, now, hashOf(ctx, 'browser', browserCookie))
    : undefined;
  if (!ticket) return (await peekTicket(ctx.db, 'LINK_START', hash, now)) ? 'wrong_browser' : 'link_expired';
  return ticket.provider === provider && ticket.userId !== null ? ticket.userId : 'link_expired';
}

export interface LinkStart {
  url: string;
  /** the browser's flow cookie to set: the start URL works only where it comes back */
  browser: string;
}

/** POST /api/auth/oauth/{provider}/link: a one-time start URL for the caller in this browser, valid 10 minutes. */
export async function linkStartUrl(
  ctx: AppContext,
  user: AuthUser,
  provider: string,
  browserCookie: string | undefined,
): Promise<LinkStart> {
  const port = portOf(ctx, provider);
  const secret = newSecret();
  const browser = isWellFormedSecret(browserCookie) ? browserCookie : newSecret();
  const now = ctx.clock.now();
  await insertTicket(ctx.db, {
    kind: 'LINK_START',
    secretHash: hashOf(ctx, 'link', secret),
    provider: port.name,
    userId: user.id,
    data: { browser: hashOf(ctx, 'browser', browser) },
    createdAt: now,
    expiresAt: later(now, LINK_START_TTL_MS),
  });
  return { url: `${ctx.config.publicUrl}/api/auth/oauth/${port.name}/start?link=${secret}`, browser };
}

// --- callback

/**
 * GET /api/auth/oauth/{provider}/callback: the flow must be this browser's and unused (the state is used up here),
 * then the provider's answer is traded for who signed in. Returns where the browser goes (docs/api.md §10.3).
 */
export async function finishFlow(
  ctx: AppContext,
  provider: string,
  rawQuery: string,
  browserCookie: string | undefined,
): Promise<string> {
  const port = portOf(ctx, provider);
  // the callback as the provider called it: the token request repeats this redirect URI
  const callbackUrl = new URL(`${redirectUriOf(ctx.config.publicUrl, port.name)}?${rawQuery}`);
  const state = callbackUrl.searchParams.get('state');
  const now = ctx.clock.now();
  const flow =
    isWellFormedSecret(state) && isWellFormedSecret(browserCookie)
      ? await takeTicket(ctx.db, 'FLOW', hashOf(ctx, 'state', state), now, hashOf(ctx, 'browser', browserCookie))
      : undefined;
  if (!flow || flow.provider !== port.name) return loginFailure('state_invalid', port.name);

  const linkUserId = flow.userId;
  let profile: ProviderProfile;
  try {
    profile = await port.profile(callbackUrl, {
      state: state!,
      codeVerifier: flow.data.codeVerifier ?? '',
      nonce: flow.data.nonce ?? '',
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ provider: port.name, reason: err.reason, cause: String(err.cause) }, 'oauth provider failed');
    return linkUserId === null ? loginFailure(err.reason, port.name) : linkFailure(err.reason, port.name);
  }
  if (linkUserId !== null) return linkIdentity(ctx, linkUserId, port.name, profile.id);
  return signInCode(ctx, port.name, profile, flow.data.from ?? '/');
}

/** A link flow: the identity goes to the linking user, unless it is someone else's (nothing changes then). */
async function linkIdentity(ctx: AppContext, userId: number, provider: OAuthProvider, providerUserId: string): Promise<string> {
  const now = ctx.clock.now();
  const owner = await findIdentity(ctx.db, provider, providerUserId);
  if (owner) return owner.userId === userId ? `/myinfo?linked=${provider}` : linkFailure('identity_in_use', provider);
  return inTransaction(ctx.db, ctx.log, now, async ({ tx }) => {
    const login = await lockUserLogin(tx, userId);
    if (!login) return linkFailure('failed', provider);
    if ((await identitiesOf(tx, userId)).some((i) => i.provider === provider)) return linkFailure('already_linked', provider);
    try {
      await insertIdentity(tx, { userId, provider, providerUserId, linkedAt: now });
    } catch (err) {
      if (isUniqueViolation(err)) return linkFailure('identity_in_use', provider);
      throw err;
    }
    return `/myinfo?linked=${provider}`;
  });
}

/**
 * A sign-in flow: a known identity gets a code for its account; a new one a code for the sign-up form, unless the
 * provider says its e-mail is unverified. E-mail addresses never find or merge accounts.
 */
async function signInCode(ctx: AppContext, provider: OAuthProvider, profile: ProviderProfile, from: string): Promise<string> {
  const now = ctx.clock.now();
  const userId = await userOfIdentity(ctx.db, provider, profile.id);
  if (userId === undefined && profile.emailVerified === false) return loginFailure('email_unverified', provider);
  const code = newSecret();
  await insertTicket(ctx.db, {
    kind: 'SIGN_IN',
    secretHash: hashOf(ctx, 'code', code),
    provider,
    userId: userId ?? null,
    providerUserId: userId === undefined ? profile.id : null,
    data: { from, nickname: profile.nickname, email: profile.email },
    createdAt: now,
    expiresAt: later(now, SIGN_IN_CODE_TTL_MS),
  });
  return `/oauth/done#code=${code}&from=${encodeURIComponent(from)}`;
}

// --- exchange and social sign-up

export type ExchangeResult =
  | { kind: 'signedIn'; token: string; nickname: string; from: string }
  | { kind: 'signup'; signupToken: string; suggested: { nickname: string | null; email: string | null } };

const codeInvalid = () => new BadRequest(TEXTS.codeInvalid, 'code_invalid');

/** The token's subject: the login id, or `u{id}` for an account without one (docs/api.md §10.3). */
export const subjectOf = (user: { id: number; loginId: string | null }) => user.loginId ?? `u${user.id}`;

/** POST /api/auth/oauth/exchange: the one-time code of /oauth/done, used once within 60 s. */
export async function exchangeCode(ctx: AppContext, code: unknown): Promise<ExchangeResult> {
  const now = ctx.clock.now();
  const ticket = isWellFormedSecret(code) ? await takeTicket(ctx.db, 'SIGN_IN', hashOf(ctx, 'code', code), now) : undefined;
  if (!ticket) throw codeInvalid();
  if (ticket.userId !== null) {
    const user = await findActiveUser(ctx.db, ticket.userId);
    if (!user?.nickname) throw codeInvalid();
    refuseSuspended(await findSuspension(ctx.db, user.id), now);
    const token = await ctx.tokens.sign({ sub: subjectOf(user), uid: user.id, tv: user.tokenVersion }, now);
    return { kind: 'signedIn', token, nickname: user.nickname, from: ticket.data.from ?? '/' };
  }
  const signupToken = newSecret();
  const suggested = { nickname: ticket.data.nickname ?? null, email: ticket.data.email ?? null };
  await insertTicket(ctx.db, {
    kind: 'SIGNUP',
    secretHash: hashOf(ctx, 'signup', signupToken),
    provider: ticket.provider,
    providerUserId: ticket.providerUserId,
    createdAt: now,
    expiresAt: later(now, SIGNUP_TTL_MS),
  });
  return { kind: 'signup', signupToken, suggested };
}

export interface SocialSignup {
  signupToken?: unknown;
  email: string;
  phoneNumber: string;
  nickname: string;
}

const signupExpired = () => new BadRequest(TEXTS.signupExpired, 'signup_expired');
const duplicateNickname = () => new Conflict(DUPLICATE_NICKNAME, 'duplicate_nickname');
const identityInUse = () => new Conflict(TEXTS.identityInUse, 'identity_in_use');

/**
 * POST /api/users/register-social: the sign-up's field rules (checked by the route), then the signup token, then
 * the nickname; the token is used up only by an account that is made, with its identity, in one transaction.
 */
export async function registerSocial(ctx: AppContext, input: SocialSignup): Promise<{ token: string; nickname: string }> {
  const now = ctx.clock.now();
  if (!isWellFormedSecret(input.signupToken)) throw signupExpired();
  const hash = hashOf(ctx, 'signup', input.signupToken);
  if (!(await peekTicket(ctx.db, 'SIGNUP', hash, now))) throw signupExpired();
  if (await nicknameInUse(ctx.db, input.nickname)) throw duplicateNickname();
  const user = await inTransaction(ctx.db, ctx.log, now, async ({ tx }) => {
    const ticket = await takeTicket(tx, 'SIGNUP', hash, now);
    if (!ticket?.providerUserId) throw signupExpired();
    const made = await insertSocialUser(tx, {
      email: input.email,
      phoneNumber: input.phoneNumber,
      nickname: input.nickname,
      createdAt: now,
      updatedAt: now,
    }).catch((err: unknown) => {
      throw isUniqueViolation(err, 'users_nickname_lower_uq') ? duplicateNickname() : err;
    });
    await insertIdentity(tx, {
      userId: made.id,
      provider: ticket.provider,
      providerUserId: ticket.providerUserId,
      linkedAt: now,
    }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? identityInUse() : err;
    });
    return made;
  });
  const token = await ctx.tokens.sign(
    { sub: subjectOf({ id: user.id, loginId: null }), uid: user.id, tv: user.tokenVersion },
    now,
  );
  return { token, nickname: input.nickname };
}

// --- password and identities of my account

export interface FirstLogin {
  loginId: string;
  password: string;
}

/**
 * POST /api/users/me/password: only an account without a password (409 first), then the sign-up's login id rules.
 * Tokens issued before stay valid.
 */
export async function setFirstPassword(ctx: AppContext, user: AuthUser, body: Deferred<FirstLogin>): Promise<void> {
  const row = await findActiveUser(ctx.db, user.id);
  const passwordExists = () => new Conflict(TEXTS.passwordExists, 'password_exists');
  if (!row || row.passwordHash !== null) throw passwordExists();
  const input = body();
  const duplicateLoginId = () => new Conflict(DUPLICATE_LOGIN_ID, 'duplicate_login_id');
  if (await loginIdTaken(ctx.db, input.loginId)) throw duplicateLoginId();
  const passwordHash = await hashPassword(input.password);
  const set = await setFirstLogin(ctx.db, user.id, input.loginId, passwordHash, ctx.clock.now()).catch((err: unknown) => {
    throw isUniqueViolation(err, 'users_login_id_lower_uq') ? duplicateLoginId() : err;
  });
  if (!set) throw passwordExists();
}

export interface MyIdentities {
  hasPassword: boolean;
  identities: Array<{ provider: string; linkedAt: Date }>;
}

export async function myIdentities(ctx: AppContext, user: AuthUser): Promise<MyIdentities> {
  const row = await findActiveUser(ctx.db, user.id);
  const identities = await identitiesOf(ctx.db, user.id);
  return { hasPassword: !!row?.passwordHash, identities };
}

/** DELETE /api/users/me/identities/{provider}: never the last way to sign in (the account row is locked meanwhile). */
export async function unlink(ctx: AppContext, user: AuthUser, provider: string): Promise<void> {
  if (!isOAuthProvider(provider)) throw new NotFound();
  await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async ({ tx }) => {
    const login = await lockUserLogin(tx, user.id);
    const identities = await identitiesOf(tx, user.id);
    if (!login || !identities.some((i) => i.provider === provider))
      throw new NotFound(TEXTS.identityNotLinked, 'identity_not_linked');
    mayUnlink(login.hasPassword, identities.length);
    await deleteIdentity(tx, user.id, provider);
  });
}
