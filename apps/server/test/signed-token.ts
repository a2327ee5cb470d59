import { SignJWT } from 'jose';

/** The secret every test app signs its tokens with (helpers.ts). */
export const TEST_JWT_SECRET = 'test-secret-'.padEnd(64, 'x');

/** A token signed with the test app's secret and any claims: forged roles, expired or not-yet-valid ones. */
export const signTestToken = (claims: Record<string, unknown>, sub: string, iat: number, exp: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
