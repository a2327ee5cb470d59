import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'jwtToken';
/** false while the server renders a page (no storage there: every page is rendered for a visitor) */
const inBrowser = typeof window !== 'undefined';
const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = inBrowser
  ? localStorage
  : { getItem: () => null, setItem: () => {}, removeItem: () => {} };
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
const exp = claims(storage.getItem(TOKEN_KEY))?.exp;
if (typeof exp === 'number' && exp * 1000 <= Date.now()) {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(NICKNAME_KEY);
}

let snapshot: AuthState = read();

function read(): AuthState {
  return { token: storage.getItem(TOKEN_KEY), nickname: storage.getItem(NICKNAME_KEY) };
}

function emit() {
  snapshot = read();
  listeners.forEach((l) => l());
}

export const auth = {
  get: () => snapshot,
  token: () => storage.getItem(TOKEN_KEY),
  login(token: string, nickname: string) {
    storage.setItem(TOKEN_KEY, token);
    storage.setItem(NICKNAME_KEY, nickname);
    emit();
  },
  setNickname(nickname: string) {
    storage.setItem(NICKNAME_KEY, nickname);
    emit();
  },
  clear() {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(NICKNAME_KEY);
    emit();
  },
  /** The login id from the token's subject (`sub`, docs/api.md §1.2). */
  loginId(): string | null {
    const sub = claims(storage.getItem(TOKEN_KEY))?.sub;
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

if (inBrowser) window.addEventListener('storage', emit);

const VISITOR: AuthState = { token: null, nickname: null };

/**
 * The session. A server-rendered page is the same for everyone, so while the client takes it over
 * (hydration) every component sees a visitor; React renders the stored session right after.
 */
export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.get, () => VISITOR);
}
