import { describe, expect, it } from 'vitest';
import { formatChatTime } from './format';

describe('formatChatTime', () => {
  const now = new Date('2025-06-01T03:00:00Z'); // 12:00 in Seoul
  it('shows HH:MM for today in Seoul and MM.DD HH:MM otherwise', () => {
    expect(formatChatTime('2025-06-01T09:05:00+09:00', now)).toBe('09:05');
    expect(formatChatTime('2025-05-31T23:59:00+09:00', now)).toBe('05.31 23:59');
    // 00:30 Seoul on June 1st is still "today" although it is May 31st in UTC
    expect(formatChatTime('2025-05-31T15:30:00Z', now)).toBe('00:30');
    expect(formatChatTime(null, now)).toBe('');
  });
});
