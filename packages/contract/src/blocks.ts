import { z } from 'zod';
import { dateTime } from './common.js';

// Blocking (차단), docs/api.md §9.4.

export const BLOCK_LIMIT = 500;
/** The refusal of a 쪽지 between two users when either blocked the other (it does not say who blocked). */
export const MESSAGE_BLOCKED_TEXT = '상대방에게 쪽지를 보낼 수 없습니다.';
/** The refusal of an invite between the admin and a user when either blocked the other. */
export const INVITE_BLOCKED_TEXT = '초대할 수 없는 사용자입니다.';

/** One entry of my 차단 목록. */
export const blockedUser = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  blockedDateTime: dateTime,
});
export type BlockedUser = z.infer<typeof blockedUser>;
