import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export interface RecoverableUser {
  id: number;
  loginId: string;
  email: string;
}

/** A value PostgreSQL can compare: a string without NUL, of a length some stored value could have. */
const comparable = (s: unknown, max: number): s is string => typeof s === 'string' && !s.includes('\u0000') && s.length <= max;

/** E-mails are compared trimmed and case-insensitively (docs/api.md §6.1); null for a value that names nobody. */
export const emailKeyOf = (email: unknown): string | null => (comparable(email, 1024) ? email.trim().toLowerCase() : null);

const active = and(isNull(users.withdrawnAt), eq(users.system, false));
const columns = { id: users.id, loginId: users.loginId, email: users.email };

const recoverable = (rows: Array<{ id: number; loginId: string | null; email: string | null }>): RecoverableUser[] =>
  rows.filter((r): r is RecoverableUser => r.loginId !== null && r.email !== null);

/** Active users with this e-mail, by id; withdrawn users and the system user never match. */
export async function activeUsersWithEmail(db: Db, emailKey: string | null): Promise<RecoverableUser[]> {
  if (emailKey === null) return [];
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(sql`lower(${users.email}) = ${emailKey}`, active))
    .orderBy(asc(users.id));
  return recoverable(rows);
}

/** The active user with this login id, matched trimmed and case-insensitively. */
export async function activeUserByLoginId(db: Db, loginId: unknown): Promise<RecoverableUser | null> {
  if (!comparable(loginId, 1024)) return null;
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(sql`lower(${users.loginId}) = ${loginId.trim().toLowerCase()}`, active))
    .limit(1);
  return recoverable(rows)[0] ?? null;
}
