import { eq } from 'drizzle-orm';
import type { MyProfileInfo, Profile } from '@app/contract';
import type { AppContext } from '../../context.js';
import { applicationProfiles, users } from '../../db/schema/index.js';
import { lockActiveActor } from '../../lib/actor-lock.js';
import { Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { presentProfile } from './presenter.js';
import { findProfile } from './queries.js';
import { DUPLICATE_PROFILE, PROFILE_INFO_NOT_FOUND, PROFILE_NOT_FOUND } from './texts.js';
import { touched } from '../../lib/public-changes.js';

export interface ProfileInput {
  contact: string;
  field: string;
  techStacks: string[];
}

const duplicateProfile = () => new Conflict('duplicate_profile', DUPLICATE_PROFILE);

export async function myInfo(ctx: AppContext, userId: number): Promise<MyProfileInfo> {
  const [row] = await ctx.db
    .select({ profile: applicationProfiles, nickname: users.nickname, email: users.email })
    .from(applicationProfiles)
    .innerJoin(users, eq(users.id, applicationProfiles.userId))
    .where(eq(applicationProfiles.userId, userId));
  if (!row) throw new NotFound(PROFILE_INFO_NOT_FOUND);
  const { profile } = row;
  return {
    nickname: row.nickname ?? '',
    email: row.email ?? '',
    contact: profile.contact,
    techStacks: profile.techStacks,
    field: profile.field,
  };
}

export async function createProfile(ctx: AppContext, userId: number, input: ProfileInput): Promise<Profile> {
  if (await findProfile(ctx.db, userId)) throw duplicateProfile();
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .transaction(async (tx) => {
      await lockActiveActor(tx, userId);
      return tx
        .insert(applicationProfiles)
        .values({ userId, ...input, createdAt: now, updatedAt: now })
        .returning();
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw duplicateProfile();
      throw err;
    });
  // the contact shows on the detail of every post of the user
  ctx.changes.publish(touched.everything);
  return presentProfile(row);
}

export async function updateProfile(ctx: AppContext, userId: number, input: ProfileInput): Promise<Profile> {
  const [row] = await ctx.db
    .update(applicationProfiles)
    .set({ ...input, updatedAt: ctx.clock.now() })
    .where(eq(applicationProfiles.userId, userId))
    .returning();
  if (!row) throw new NotFound(PROFILE_NOT_FOUND);
  ctx.changes.publish(touched.everything);
  return presentProfile(row);
}
