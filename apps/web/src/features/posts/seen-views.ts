import type { Page } from '@app/contract';

/**
 * The view counts this browser read on details after its own view was counted. The server's list pages may show
 * a view only after their cache time (a view evicts nothing but what is ordered by views), so for that long a
 * list card shows at least the count its reader already saw: the viewer sees their own view at once.
 */
const SEEN_FOR_MS = 30_000;
const seen = new Map<number, { views: number; until: number }>();

export function noteSeenViews(id: number, views: number) {
  seen.set(id, { views, until: Date.now() + SEEN_FOR_MS });
}

export function withSeenViews<T extends { id: number; views: number }>(page: Page<T>): Page<T> {
  if (seen.size === 0) return page;
  const now = Date.now();
  let changed = false;
  const content = page.content.map((item) => {
    const known = seen.get(item.id);
    if (!known || known.until < now || known.views <= item.views) return item;
    changed = true;
    return { ...item, views: known.views };
  });
  return changed ? { ...page, content } : page;
}
