import type { WithdrawalGuard, WithdrawalStep } from './withdrawal.js';
import { deleteReceivedMessages } from '../messages/service.js';
import { removeApplicationsOnWithdrawal } from '../applications/withdrawal.js';
import { leaveGroupsOnWithdrawal, refuseGroupAdmin } from '../groups/withdrawal.js';
import { removePostsOnWithdrawal } from '../posts/withdrawal.js';
import { removeProfileOnWithdrawal } from '../profile/withdrawal.js';
import { removeRecoveryOnWithdrawal } from '../recovery/withdrawal.js';

/** Each feature that keeps personal data adds its guard or step here (contract 7). */
export const withdrawalGuards: WithdrawalGuard[] = [refuseGroupAdmin];
export const withdrawalSteps: WithdrawalStep[] = [removeApplicationsOnWithdrawal, removePostsOnWithdrawal, leaveGroupsOnWithdrawal, removeProfileOnWithdrawal, deleteReceivedMessages, removeRecoveryOnWithdrawal];
