import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Codes and grants are hashed with a key of their own, derived from the JWT secret (never stored). */
const keyFor = (secret: string) => createHmac('sha256', secret).update('account-recovery/v1').digest();

/** A 4-digit code from the CSPRNG, `0000`-`9999`. */
export const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/** Exactly 4 ASCII digits; anything else is a wrong try (docs/api.md §1.6). */
export const isWellFormedCode = (code: unknown): code is string => typeof code === 'string' && /^[0-9]{4}$/.test(code);

/** HMAC of the code bound to its flow and target, so a code never verifies anywhere else. */
export function codeHash(secret: string, binding: string, code: string): string {
  return createHmac('sha256', keyFor(secret)).update(`${binding}\n${code}`).digest('base64url');
}

export function codeMatches(secret: string, stored: string, binding: string, code: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(codeHash(secret, binding, code));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A reset grant: 256 random bits for the cookie, and the hash kept in the database. */
export function newGrant(secret: string): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: grantHash(secret, value) };
}

export const grantHash = (secret: string, value: string) =>
  createHmac('sha256', keyFor(secret)).update(`grant\n${value}`).digest('base64url');

/** The shape of a grant value we hand out; anything else names no grant. */
export const isWellFormedGrant = (value: string | undefined): value is string => !!value && /^[A-Za-z0-9_-]{43}$/.test(value);
