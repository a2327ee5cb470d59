import { SYSTEM_NAME, WITHDRAWN_NAME, type Me } from '@app/contract';
import type { UserRow } from '../../db/schema/index.js';

export function presentMe(u: UserRow, operator: boolean): Me {
  return {
    id: u.id,
    loginId: u.loginId,
    password: null,
    email: u.email ?? '',
    phoneNumber: u.phoneNumber ?? '',
    nickname: u.nickname ?? '',
    operator,
  };
}

/** The name every other user sees for someone: the system sender and tombstones have fixed names. */
export function displayName(u: { nickname: string | null; system: boolean; withdrawnAt: Date | null }): string {
  if (u.system) return SYSTEM_NAME;
  if (u.withdrawnAt || !u.nickname) return WITHDRAWN_NAME;
  return u.nickname;
}
