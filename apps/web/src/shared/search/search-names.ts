import { useSyncExternalStore } from 'react';

/**
 * The name table and the matching rules of docs/api.md §10.5 (`@app/contract/search-names`), loaded in a chunk of
 * their own the first time a search box or a search result needs them, so the first load carries none of it.
 */
export type SearchNames = typeof import('@app/contract/search-names');

let loaded: SearchNames | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load() {
  loading ??= import('@app/contract/search-names').then((m) => {
    loaded = m;
    listeners.forEach((l) => l());
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

/** The module once loaded (null until then, and on the server's render). */
export const useSearchNames = (): SearchNames | null =>
  useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
