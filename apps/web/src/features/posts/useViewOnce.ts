import { postsApi } from './api';
import type { PostKind } from './kinds';

/** Counts a view once per browser and post: the localStorage flag is set before the call so a re-render cannot send it twice. */
export async function countViewOnce(kind: PostKind, id: string) {
  const key = kind.viewedKey(id);
  if (localStorage.getItem(key)) return;
  localStorage.setItem(key, 'true');
  try {
    await postsApi.countView(id);
  } catch {
    localStorage.removeItem(key);
  }
}
