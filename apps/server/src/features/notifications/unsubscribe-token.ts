import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationType, type NotificationType } from '@app/contract';

/**
 * The unsubscribe link's token: the user and the type, signed with the server's secret (HMAC-SHA256). It does not
 * expire (a mail read a year later still works) and names one type only.
 */
export function unsubscribeToken(secret: string, userId: number, type: NotificationType): string {
  const body = `${userId}.${type}`;
  return `${body}.${sign(secret, body)}`;
}

export function readUnsubscribeToken(secret: string, token: unknown): { userId: number; type: NotificationType } | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const m = /^([1-9]\d{0,9})\.([A-Z_]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m || !isNotificationType(m[2])) return null;
  const expected = Buffer.from(sign(secret, `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(m[1]), type: m[2] };
}

const sign = (secret: string, body: string) => createHmac('sha256', `unsubscribe:${secret}`).update(body).digest('base64url');
