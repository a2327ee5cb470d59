import type { BlockedUser } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';
import type { BlockRow } from './queries.js';

export const presentBlockedUser = (r: BlockRow): BlockedUser => ({
  userId: r.blocked_id,
  nickname: r.nickname,
  blockedDateTime: seoulDateTime(new Date(r.created_at)),
});
