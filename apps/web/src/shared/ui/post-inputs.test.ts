import { describe, expect, it } from 'vitest';
import { parseMdy, toMdy } from './DatePicker';
import { ddayTone } from './DdayBadge';

describe('date picker text', () => {
  it('reads MM/dd/yyyy as a real calendar date and sends YYYY-MM-DD', () => {
    expect(parseMdy('06/01/2026')).toBe('2026-06-01');
    expect(parseMdy(' 2/9/2026 ')).toBe('2026-02-09');
    expect(parseMdy('02/29/2028')).toBe('2028-02-29');
  });

  it('refuses impossible or malformed dates', () => {
    expect(parseMdy('02/30/2026')).toBeNull();
    expect(parseMdy('13/01/2026')).toBeNull();
    expect(parseMdy('2026-06-01')).toBeNull();
    expect(parseMdy('')).toBeNull();
  });

  it('shows a stored date in the picker format', () => {
    expect(toMdy('2026-06-01')).toBe('06/01/2026');
    expect(toMdy('')).toBe('');
  });
});

describe('D-day tone', () => {
  it('is red at 7 days or fewer, yellow at 30 or fewer on a detail, grey beyond', () => {
    expect([0, 7, 8, 30, 31].map((d) => ddayTone(d, 'detail'))).toEqual(['red', 'red', 'yellow', 'yellow', 'gray']);
  });

  it('only marks the red range on list cards', () => {
    expect([7, 8, 30].map((d) => ddayTone(d, 'card'))).toEqual(['red', 'gray', 'gray']);
  });
});
