import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../lib/errors.js';
import { applicationProfiles, users, type ProfileRow } from '../../db/schema/index.js';
import type { MyInfoRow } from './presenter.js';

/** The fields of an application profile a user writes. */
export interface ProfileInput {
  contact: string;
  field: string;
  techStacks: string[];
}

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

/** The user's profile with their nickname and e-mail. */
export async function findMyInfo(db: Db, userId: number): Promise<MyInfoRow | undefined> {
  const [row] = await db
    .select({ profile: applicationProfiles, nickname: users.nickname, email: users.email })
    .from(applicationProfiles)
    .innerJoin(users, eq(users.id, applicationProfiles.userId))
    .where(eq(applicationProfiles.userId, userId));
  return row;
}

/** A new profile; the unique user_id refuses a second one. */
export async function insertProfile(tx: Db, userId: number, input: ProfileInput, now: Date): Promise<ProfileRow> {
  const [row] = await tx
    .insert(applicationProfiles)
    .values({ userId, ...input, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

/** Rewrites the user's profile; undefined when there is none. */
export async function updateProfileOf(db: Db, userId: number, input: ProfileInput, now: Date): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(applicationProfiles)
    .set({ ...input, updatedAt: now })
    .where(eq(applicationProfiles.userId, userId))
    .returning();
  return row;
}

export async function deleteProfileOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(applicationProfiles).where(eq(applicationProfiles.userId, userId));
}
