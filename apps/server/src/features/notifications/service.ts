import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_TYPES,
  PUSH_AUTH_BYTES,
  PUSH_ENDPOINT_MAX,
  PUSH_P256DH_BYTES,
  PUSH_SUBSCRIPTION_LIMIT,
  readSettingsPatch,
  type NotificationSettings,
  type NotificationType,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { BadRequest } from '../../lib/errors.js';
import { isActiveUser } from '../account/queries.js';
import { deleteSubscription, saveOverrides, saveSubscription, settingOverrides, type SettingOverrides } from './queries.js';
import { NOTIFICATION_TEXTS as T } from './texts.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

/** The defaults with the user's own switches over them: every type of both channels. */
export function effectiveSettings(overrides: SettingOverrides): NotificationSettings {
  const pick = (defaults: Record<NotificationType, boolean>, own: Record<string, boolean>) =>
    Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, typeof own[t] === 'boolean' ? own[t] : defaults[t]])) as Record<
      NotificationType,
      boolean
    >;
  return {
    email: pick(DEFAULT_NOTIFICATION_SETTINGS.email, overrides.email),
    push: pick(DEFAULT_NOTIFICATION_SETTINGS.push, overrides.push),
  };
}

export async function getSettings(ctx: AppContext, user: AuthUser): Promise<NotificationSettings> {
  return effectiveSettings(await settingOverrides(ctx.db, user.id));
}

/** PUT: any part of the settings; an unknown channel or type, or a switch that is not a boolean, changes nothing. */
export async function putSettings(ctx: AppContext, user: AuthUser, body: unknown): Promise<NotificationSettings> {
  const read = readSettingsPatch(body);
  if ('problem' in read) {
    throw read.problem === 'unknownType'
      ? new BadRequest(T.unknownType, 'unknown_notification_type')
      : new BadRequest(T.notBoolean, 'invalid_notification_setting');
  }
  return effectiveSettings(await saveOverrides(ctx.db, user.id, read.patch, ctx.clock.now()));
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const decodedBytes = (v: unknown) => (typeof v === 'string' && BASE64URL.test(v) ? Buffer.from(v, 'base64url').length : -1);

/** An absolute https URL (or one of PUSH_TEST_ORIGINS) of at most 1,000 characters. */
function isPushEndpoint(ctx: AppContext, v: unknown): v is string {
  if (typeof v !== 'string' || v.length > PUSH_ENDPOINT_MAX) return false;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  return url.protocol === 'https:' || ctx.config.pushTestOrigins.includes(url.origin);
}

/** POST /api/push/subscriptions: the browser's PushSubscription; the same endpoint again replaces its keys. */
export async function subscribe(ctx: AppContext, user: AuthUser, body: unknown): Promise<{ endpoint: string }> {
  const b = (body && typeof body === 'object' ? body : {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (!isPushEndpoint(ctx, b.endpoint)) throw new BadRequest(T.badEndpoint, 'invalid_endpoint');
  const keys = b.keys && typeof b.keys === 'object' ? b.keys : {};
  if (decodedBytes(keys.p256dh) !== PUSH_P256DH_BYTES || decodedBytes(keys.auth) !== PUSH_AUTH_BYTES)
    throw new BadRequest(T.badKeys, 'invalid_keys');
  const subscription = { endpoint: b.endpoint, p256dh: keys.p256dh as string, auth: keys.auth as string };
  await saveSubscription(ctx.db, user.id, subscription, ctx.clock.now(), PUSH_SUBSCRIPTION_LIMIT);
  return { endpoint: subscription.endpoint };
}

/** DELETE /api/push/subscriptions: idempotent; only the caller's own subscription goes. */
export async function unsubscribePush(ctx: AppContext, user: AuthUser, body: unknown): Promise<void> {
  const endpoint = body && typeof body === 'object' ? (body as { endpoint?: unknown }).endpoint : undefined;
  if (typeof endpoint === 'string') await deleteSubscription(ctx.db, user.id, endpoint);
}

/**
 * The unsubscribe link of a mail (GET page or RFC 8058 POST): that type's e-mail is off. Null for a bad or forged
 * token (nothing changes). A withdrawn user's token changes nothing either (there is nothing left to switch off).
 */
export async function unsubscribeByToken(ctx: AppContext, token: unknown): Promise<NotificationType | null> {
  const read = readUnsubscribeToken(ctx.config.jwtSecret, token);
  if (!read) return null;
  if (await isActiveUser(ctx.db, read.userId))
    await saveOverrides(ctx.db, read.userId, { email: { [read.type]: false } }, ctx.clock.now());
  return read.type;
}
