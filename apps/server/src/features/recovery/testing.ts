import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { insertUser } from '../../../test/factories.js';
import { nextIp, type TestApp, type TestUser } from '../../../test/helpers.js';

export interface Person extends TestUser {
  email: string;
}

/** An active user with a known e-mail (several people may share one). */
export async function person(t: TestApp, over: { loginId?: string; email?: string } = {}): Promise<Person> {
  const loginId = over.loginId ?? `rc_${randomBytes(4).toString('hex')}`;
  const email = over.email ?? `${loginId}@example.com`;
  const user = await insertUser(t.built, t.clock.now(), { loginId, email, nickname: `복구${randomBytes(3).toString('hex')}` });
  return { ...user, email };
}

/** The 4-digit code of the last mail sent to `email`. */
export function lastCode(t: TestApp, email: string): string {
  const mail = t.mailer.lastTo(email);
  const code = /(\d{4})$/.exec(mail?.text.split('\n')[0] ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A code that is not `code` (for wrong tries). */
export const otherThan = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

export async function sendFindIdCode(t: TestApp, email: string): Promise<string> {
  const res = await t.post('/api/find/send-code', { ip: nextIp(), body: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, email);
}

export async function sendPasswordCode(t: TestApp, p: Person): Promise<string> {
  const res = await t.post('/api/find-password/send-code', { ip: nextIp(), body: { loginId: p.loginId, email: p.email } });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, p.email);
}

export const verifyFindId = (t: TestApp, email: unknown, code: unknown) =>
  t.post('/api/find/verify-code', { ip: nextIp(), body: { email, code } });

export const verifyPassword = (t: TestApp, loginId: unknown, email: unknown, code: unknown) =>
  t.post('/api/find-password/verify-code', { ip: nextIp(), body: { loginId, email, code } });

/** The reset-grant cookie value a right password code earns. */
export async function grantFor(t: TestApp, p: Person): Promise<string> {
  const res = await verifyPassword(t, p.loginId, p.email, await sendPasswordCode(t, p));
  expect(res.statusCode, res.body).toBe(200);
  return /^reset_grant=([^;]+);/.exec(String(res.headers['set-cookie']))![1];
}

export const changePassword = (t: TestApp, body: Record<string, unknown>, grant?: string) =>
  t.post('/api/change-password', {
    ip: nextIp(),
    body,
    headers: grant === undefined ? {} : { cookie: `theme=dark; reset_grant=${grant}` },
  });
