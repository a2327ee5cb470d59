import { eq } from 'drizzle-orm';
import type { MyProfileInfo, Profile } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { applicationProfiles, users, type ProfileRow } from '../../db/schema/index.js';
import { lockActiveActor } from '../../lib/actor-lock.js';
import { Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';

export interface ProfileInput {
  contact: string;
  field: string;
  techStacks: string[];
}

const duplicateProfile = () => new Conflict('duplicate_profile', '이미 지원 정보가 등록되어 있습니다.');

export const presentProfile = (p: ProfileRow): Profile => ({
  id: p.id,
  userId: p.userId,
  contact: p.contact,
  techStacks: p.techStacks,
  field: p.field,
});

export async function findProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(applicationProfiles).where(eq(applicationProfiles.userId, userId));
  return row;
}

export async function myInfo(ctx: AppContext, userId: number): Promise<MyProfileInfo> {
  const [row] = await ctx.db
    .select({ profile: applicationProfiles, nickname: users.nickname, email: users.email })
    .from(applicationProfiles)
    .innerJoin(users, eq(users.id, applicationProfiles.userId))
    .where(eq(applicationProfiles.userId, userId));
  if (!row) throw new NotFound('사용자 정보를 찾을 수 없습니다.');
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
  return presentProfile(row);
}

export async function updateProfile(ctx: AppContext, userId: number, input: ProfileInput): Promise<Profile> {
  const [row] = await ctx.db
    .update(applicationProfiles)
    .set({ ...input, updatedAt: ctx.clock.now() })
    .where(eq(applicationProfiles.userId, userId))
    .returning();
  if (!row) throw new NotFound('사용자를 찾을 수 없습니다.');
  return presentProfile(row);
}
