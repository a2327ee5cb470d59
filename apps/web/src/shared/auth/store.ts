import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'jwtToken';
const NICKNAME_KEY = 'nickname';
const listeners = new Set<() => void>();

export interface AuthState {
  token: string | null;
  nickname: string | null;
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
  /** The login id from the token's subject (spec 6: "login id read from the token subject"). */
  loginId(): string | null {
    const token = localStorage.getItem(TOKEN_KEY);
    if (!token) return null;
    try {
      const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
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
