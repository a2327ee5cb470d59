import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../lib/errors.js';
import { applicationProfiles, type ProfileRow } from '../../db/schema/index.js';

/** The user's application profile (docs/api.md §3.2), read by applications too. */
export async function findProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(applicationProfiles).where(eq(applicationProfiles.userId, userId));
  return row;
}

export async function loadProfile(db: Db, userId: number, notFoundText: string): Promise<ProfileRow> {
  const profile = await findProfile(db, userId);
  if (!profile) throw new NotFound(notFoundText);
  return profile;
}
