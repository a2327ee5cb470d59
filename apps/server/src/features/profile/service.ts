import type { AppContext } from '../../context.js';
import type { ProfileRow } from '../../db/schema/index.js';
import { lockActiveActor } from '../account/queries.js';
import { Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import type { Deferred } from '../../lib/validation.js';
import type { MyInfoRow } from './presenter.js';
import { findMyInfo, findProfile, insertProfile, loadProfile, updateProfileOf, type ProfileInput } from './queries.js';
import { DUPLICATE_PROFILE, PROFILE_INFO_NOT_FOUND, PROFILE_NOT_FOUND } from './texts.js';
import { touched } from '../../lib/public-changes.js';

const duplicateProfile = () => new Conflict(DUPLICATE_PROFILE, 'duplicate_profile');

export async function myInfo(ctx: AppContext, userId: number): Promise<MyInfoRow> {
  const row = await findMyInfo(ctx.db, userId);
  if (!row) throw new NotFound(PROFILE_INFO_NOT_FOUND);
  return row;
}

export async function createProfile(ctx: AppContext, userId: number, input: ProfileInput): Promise<ProfileRow> {
  if (await findProfile(ctx.db, userId)) throw duplicateProfile();
  const now = ctx.clock.now();
  const row = await ctx.db
    .transaction(async (tx) => {
      await lockActiveActor(tx, userId);
      return insertProfile(tx, userId, input, now);
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw duplicateProfile();
      throw err;
    });
  // the contact shows on the detail of every post of the user
  ctx.changes.publish(touched.everything);
  return row;
}

/** PUT /api/user-info: a missing profile (404) is reported before validation (docs/api.md §3.2). */
export async function updateProfile(ctx: AppContext, userId: number, body: Deferred<ProfileInput>): Promise<ProfileRow> {
  await loadProfile(ctx.db, userId, PROFILE_NOT_FOUND);
  const input = body();
  const row = await updateProfileOf(ctx.db, userId, input, ctx.clock.now());
  if (!row) throw new NotFound(PROFILE_NOT_FOUND);
  ctx.changes.publish(touched.everything);
  return row;
}
