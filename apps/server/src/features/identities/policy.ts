import { Conflict } from '../../lib/errors.js';
import { TEXTS } from './texts.js';

/** An account keeps at least one way to sign in: its password, or another identity (docs/api.md §10.3). */
export const isLastLoginMethod = (hasPassword: boolean, identityCount: number) => !hasPassword && identityCount <= 1;

export function mayUnlink(hasPassword: boolean, identityCount: number): void {
  if (isLastLoginMethod(hasPassword, identityCount)) throw new Conflict(TEXTS.lastLoginMethod, 'last_login_method');
}
