import { createHmac, randomBytes } from 'node:crypto';

/** A one-time secret: 256 random bits, base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString('base64url');

export const isWellFormedSecret = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);

/** Only this keyed hash of a secret is stored; the key is derived from the JWT secret and never stored. */
export function secretHash(jwtSecret: string, purpose: string, value: string): string {
  const key = createHmac('sha256', jwtSecret).update('oauth/v1').digest();
  return createHmac('sha256', key).update(`${purpose}\n${value}`).digest('base64url');
}
