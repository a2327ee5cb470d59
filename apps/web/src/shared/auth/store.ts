import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'jwtToken';
const NICKNAME_KEY = 'nickname';
const listeners = new Set<() => void>();

export interface AuthState {
  token: string | null;
  nickname: string | null;
}

/** The token's payload (docs/api.md §1.2: `sub` = login id, `exp` in seconds), or null when it cannot be read. */
function claims(token: string | null): { sub?: unknown; exp?: unknown; uid?: unknown } | null {
  if (!token) return null;
  try {
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
}

// A session that ran out while the site was closed ends quietly: the visitor comes back logged out instead
// of being sent to the login page by the header's first call. (A token revoked on the server still gets the
// 401 handling of the api client.)
const exp = claims(localStorage.getItem(TOKEN_KEY))?.exp;
if (typeof exp === 'number' && exp * 1000 <= Date.now()) {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NICKNAME_KEY);
}

let snapshot: AuthState = read();

function read(): AuthState {
  return { token: localStorage.getItem(TOKEN_KEY), nickname: localStorage.getItem(NICKNAME_KEY) };
}

function emit() {
  snapshot = read();
  listeners.forEach((l) => l());
}

export const auth = {
  get: () => snapshot,
  token: () => localStorage.getItem(TOKEN_KEY),
  login(token: string, nickname: string) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(NICKNAME_KEY, nickname);
    emit();
  },
  setNickname(nickname: string) {
    localStorage.setItem(NICKNAME_KEY, nickname);
    emit();
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(NICKNAME_KEY);
    emit();
  },
  /** The login id from the token's subject (`sub`, docs/api.md §1.2). */
  loginId(): string | null {
    const sub = claims(localStorage.getItem(TOKEN_KEY))?.sub;
    return typeof sub === 'string' ? sub : null;
  },
  /** The user id from the token's `uid` claim (names the user's own realtime destination). */
  userId(token: string | null): number | null {
    const uid = claims(token)?.uid;
    return typeof uid === 'number' ? uid : null;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

window.addEventListener('storage', emit);

export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.get);
}
