import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { keys } from '../api/keys';
import { auth } from './store';

let generation = 0;
const listeners = new Set<() => void>();

/**
 * The session owner: the one place that acts when the session changes. Login, logout, withdrawal, a password
 * reset, a 401 and another tab's token (a `storage` event) all end in the auth store; whenever its token
 * changes, before anything renders again:
 * - every per-person read is dropped (`keys.session`; public reads stay), with the mutations of the previous
 *   person, so no cached answer of theirs can show while the next person's reads are on their way;
 * - what the app keeps outside React for one person is reset (`resets`: the chat room open in the header);
 * - the session generation moves on, and the app's content, keyed by it (app/Layout.tsx), is mounted afresh:
 *   component state (drafts, open panels, pages and pagers) and the realtime subscriptions of the previous
 *   person's components end with it. The realtime connection itself follows the token (shared/realtime).
 * It subscribes to the store before React does, so it runs first on every change.
 */
export function ownSession(client: QueryClient, resets: Array<() => void>): () => void {
  let token = auth.token();
  return auth.subscribe(() => {
    const next = auth.get().token;
    if (next === token) return;
    token = next;
    void client.cancelQueries({ queryKey: keys.session });
    client.removeQueries({ queryKey: keys.session });
    client.getMutationCache().clear();
    resets.forEach((reset) => reset());
    generation++;
    listeners.forEach((l) => l());
  });
}

/** Changes with every session change: the key of everything that may hold a person's state. */
export const useSessionGeneration = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => generation,
    // a server-rendered page is the first generation, and so is the page hydrating it
    () => 0,
  );
