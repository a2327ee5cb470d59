import { eq } from 'drizzle-orm';
import { applicationProfiles } from '../../db/schema/index.js';
import type { WithdrawalStep } from '../account/withdrawal.js';

export const removeProfileOnWithdrawal: WithdrawalStep = async (tx, user) => {
  await tx.delete(applicationProfiles).where(eq(applicationProfiles.userId, user.id));
};
