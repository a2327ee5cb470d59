import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteSeenViews, withSeenViews } from './seen-views';

const page = (items: Array<{ id: number; views: number }>) => ({
  content: items,
  totalElements: items.length,
  totalPages: 1,
  number: 0,
  size: 12,
  first: true,
  last: true,
  empty: items.length === 0,
});

describe('list cards show at least the count this browser saw', () => {
  afterEach(() => vi.useRealTimers());

  it('raises a lagging card to the seen count, leaves newer and other cards alone, and forgets after 30 s', () => {
    vi.useFakeTimers();
    noteSeenViews(1, 13);
    noteSeenViews(2, 4);
    const shown = withSeenViews(
      page([
        { id: 1, views: 12 },
        { id: 2, views: 9 },
        { id: 3, views: 0 },
      ]),
    );
    expect(shown.content.map((c) => c.views)).toEqual([13, 9, 0]);

    const unchanged = page([{ id: 2, views: 9 }]);
    expect(withSeenViews(unchanged)).toBe(unchanged);

    vi.advanceTimersByTime(30_001);
    expect(withSeenViews(page([{ id: 1, views: 12 }])).content[0].views).toBe(12);
  });
});
