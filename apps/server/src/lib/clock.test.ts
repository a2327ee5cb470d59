import { describe, expect, it } from 'vitest';
import { msUntilSeoulMidnight, seoulDate, seoulDateTime } from './clock.js';

describe('Seoul clock helpers', () => {
  it('takes the Seoul date whatever the host zone', () => {
    expect(seoulDate(new Date('2025-06-01T14:59:59Z'))).toBe('2025-06-01');
    expect(seoulDate(new Date('2025-06-01T15:00:00Z'))).toBe('2025-06-02');
  });

  it('answers the same day however the instants asked for go back and forth across midnights', () => {
    const instants = [
      '2025-06-01T14:59:59.999Z',
      '2025-06-01T15:00:00Z',
      '2025-06-01T14:59:59.999Z',
      '1969-12-31T14:59:59Z',
      '1969-12-31T15:00:00Z',
      '2025-06-02T14:59:59.999Z',
      '2025-06-02T15:00:00.000Z',
      '2025-06-01T15:00:00Z',
    ];
    for (const instant of instants) {
      const d = new Date(instant);
      expect(seoulDate(d), instant).toBe(new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10));
    }
  });

  it('formats DateTime with an explicit +09:00 offset to whole seconds', () => {
    expect(seoulDateTime(new Date('2025-06-01T04:45:12.789Z'))).toBe('2025-06-01T13:45:12+09:00');
  });

  it('counts the time to the next Seoul midnight', () => {
    expect(msUntilSeoulMidnight(new Date('2025-06-01T14:59:00Z'))).toBe(60_000);
    expect(msUntilSeoulMidnight(new Date('2025-06-01T15:00:00Z'))).toBe(24 * 3600_000);
  });
});
