import type { Profile } from '@app/contract';
import type { ProfileRow } from '../../db/schema/index.js';

export const presentProfile = (p: ProfileRow): Profile => ({
  id: p.id,
  userId: p.userId,
  contact: p.contact,
  techStacks: p.techStacks,
  field: p.field,
});
