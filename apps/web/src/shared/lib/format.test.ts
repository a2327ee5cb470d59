import { describe, expect, it } from 'vitest';
import { daysLeft, formatDateTime, formatDay, formatPhone, formatWhen, seoulToday } from './format';

describe('formatters', () => {
  it('shows 11 digits as 3-4-4 and 10 digits as 3-3-4', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
    expect(formatPhone('비공개')).toBe('비공개');
  });

  it('shows server DateTimes in Seoul time', () => {
    expect(formatDateTime('2025-06-01T13:45:12+09:00')).toBe('2025.06.01 13:45');
    expect(formatDateTime('2025-06-01T15:30:00Z')).toBe('2025.06.02 00:30');
  });

  it('counts D-day in Seoul dates, never below 0', () => {
    const now = new Date('2025-06-01T15:30:00Z'); // 2025-06-02 00:30 in Seoul
    expect(seoulToday(now)).toBe('2025-06-02');
    expect(daysLeft('2025-06-02', now)).toBe(0);
    expect(daysLeft('2025-06-09', now)).toBe(7);
    expect(daysLeft('2025-05-01', now)).toBe(0);
  });

  it('says how long ago within a day, then the date in one style', () => {
    const now = new Date('2025-06-02T03:00:00Z');
    expect(formatWhen('2025-06-02T02:59:40Z', now)).toBe('방금 전');
    expect(formatWhen('2025-06-02T02:15:00Z', now)).toBe('45분 전');
    expect(formatWhen('2025-06-01T05:00:00Z', now)).toBe('22시간 전');
    expect(formatWhen('2025-06-01T02:00:00Z', now)).toBe('2025.06.01');
    expect(formatDay('2026-12-14')).toBe('2026.12.14');
  });
});
