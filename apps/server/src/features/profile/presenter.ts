import type { MyProfileInfo, Profile } from '@app/contract';
import type { ProfileRow } from '../../db/schema/index.js';

export const presentProfile = (p: ProfileRow): Profile => ({
  id: p.id,
  userId: p.userId,
  contact: p.contact,
  techStacks: p.techStacks,
  field: p.field,
});

export interface MyInfoRow {
  profile: ProfileRow;
  nickname: string | null;
  email: string | null;
}

export const presentMyInfo = ({ profile, nickname, email }: MyInfoRow): MyProfileInfo => ({
  nickname: nickname ?? '',
  email: email ?? '',
  contact: profile.contact,
  techStacks: profile.techStacks,
  field: profile.field,
});
