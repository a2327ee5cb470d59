import { describe, expect, it } from 'vitest';
import { dayPreview, monthWeeks, namesByDate, shiftMonth } from './calendar';

describe('calendar helpers', () => {
  it('lays a month out in Sunday-first weeks', () => {
    const weeks = monthWeeks({ year: 2025, month: 6 }); // 2025-06-01 is a Sunday
    expect(weeks[0][0]).toBe('2025-06-01');
    expect(weeks.at(-1)).toEqual(['2025-06-29', '2025-06-30', null, null, null, null, null]);
    const feb = monthWeeks({ year: 2024, month: 2 }); // Thursday the 1st, leap year
    expect(feb[0]).toEqual([null, null, null, null, '2024-02-01', '2024-02-02', '2024-02-03']);
    expect(feb.flat().filter(Boolean)).toHaveLength(29);
  });

  it('moves across years', () => {
    expect(shiftMonth({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
  });

  it('shows three names and counts the rest', () => {
    const map = namesByDate([
      { date: '2025-06-02', nickname: 'a' },
      { date: '2025-06-02', nickname: 'b' },
      { date: '2025-06-03', nickname: 'c' },
    ]);
    expect(map.get('2025-06-02')).toEqual(['a', 'b']);
    expect(dayPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});
