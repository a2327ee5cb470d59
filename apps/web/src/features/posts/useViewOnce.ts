import { postsApi } from './api';
import type { PostKind } from './kinds';

/**
 * Counts a view once per browser and post: the localStorage flag is set before the call so a re-render cannot
 * send it twice. Resolves to whether this call counted it.
 */
export async function countViewOnce(kind: PostKind, id: string): Promise<boolean> {
  const key = kind.viewedKey(id);
  if (localStorage.getItem(key)) return false;
  localStorage.setItem(key, 'true');
  try {
    await postsApi.countView(id);
    return true;
  } catch {
    localStorage.removeItem(key);
    return false;
  }
}
