import { Forbidden } from '../../lib/errors.js';
import { CHAT_TEXTS } from './texts.js';

export interface Membership {
  role: 'ADMIN' | 'MEMBER';
}

export const isGroupAdmin = (m: Membership | null): boolean => m?.role === 'ADMIN';

/** Contract 3.8: every room route refuses a non-member before any side effect. */
export function requireMember(m: Membership | null): asserts m is Membership {
  if (!m) throw new Forbidden(CHAT_TEXTS.notGroupMember, 'not_group_member');
}
