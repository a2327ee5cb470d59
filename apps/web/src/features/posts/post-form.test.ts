import { describe, expect, it } from 'vitest';
import { clampMembers } from './form-rules';

describe('headcount box', () => {
  it('is clamped to 2..100', () => {
    expect(['1', '0', '-5', '', 'abc', '2', '7', '7.6', '101'].map(clampMembers)).toEqual(['2', '2', '2', '2', '2', '2', '7', '7', '100']);
  });
});
