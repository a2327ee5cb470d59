import type { WithdrawalGuard, WithdrawalStep } from './withdrawal.js';
import { deleteReceivedMessages } from '../messages/service.js';

/** Each feature that keeps personal data adds its guard or step here (contract 7). */
export const withdrawalGuards: WithdrawalGuard[] = [];
export const withdrawalSteps: WithdrawalStep[] = [deleteReceivedMessages];
