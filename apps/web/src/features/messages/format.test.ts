import { describe, expect, it } from 'vitest';
import { shortSender } from './format';

describe('shortSender', () => {
  it('keeps names of up to 6 characters', () => {
    expect(shortSender('[시스템]')).toBe('[시스템]');
    expect(shortSender('여섯글자이름')).toBe('여섯글자이름');
  });
  it('cuts longer names to 6 characters plus an ellipsis', () => {
    expect(shortSender('탈퇴한 사용자')).toBe('탈퇴한 사용...');
    expect(shortSender('abcdefgh')).toBe('abcdef...');
    expect(shortSender('😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀...');
  });
});
