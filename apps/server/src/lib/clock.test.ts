import { describe, expect, it } from 'vitest';
import { msUntilSeoulMidnight, seoulDate, seoulDateTime } from './clock.js';

describe('Seoul clock helpers', () => {
  it('takes the Seoul date whatever the host zone', () => {
    expect(seoulDate(new Date('2025-06-01T14:59:59Z'))).toBe('2025-06-01');
    expect(seoulDate(new Date('2025-06-01T15:00:00Z'))).toBe('2025-06-02');
  });

  it('formats DateTime with an explicit +09:00 offset to whole seconds', () => {
    expect(seoulDateTime(new Date('2025-06-01T04:45:12.789Z'))).toBe('2025-06-01T13:45:12+09:00');
  });

  it('counts the time to the next Seoul midnight', () => {
    expect(msUntilSeoulMidnight(new Date('2025-06-01T14:59:00Z'))).toBe(60_000);
    expect(msUntilSeoulMidnight(new Date('2025-06-01T15:00:00Z'))).toBe(24 * 3600_000);
  });
});
