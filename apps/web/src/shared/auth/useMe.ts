import { useMemo } from 'react';
import { auth, useAuth } from './store';

/** The signed-in person: the user id (the token's `uid`) and the nickname the session keeps. */
export interface Me {
  id: number;
  nickname: string | null;
}

/**
 * Who I am, for every area (ownership, my row in a list, my lines in a chat): read from the session, so it
 * follows login, logout and another tab at once and costs no request. Null for a visitor, and while a
 * server-rendered page is taken over (it is the same for everyone). The account's details (e-mail, phone) are
 * the account area's read of GET /api/users/me.
 */
export function useMe(): Me | null {
  const { token, nickname } = useAuth();
  return useMemo(() => {
    const id = auth.userId(token);
    return id === null ? null : { id, nickname };
  }, [token, nickname]);
}
