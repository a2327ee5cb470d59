import { expect, it } from 'vitest';
import { actionsFor, reasonSummary, suspensionEnd } from './labels';

const item = (targetType: 'POST' | 'MESSAGE' | 'USER' | 'REPLY', exists: boolean, hidden: boolean) => ({
  targetType,
  target: { exists, hidden, authorId: 1, authorNickname: 'a', title: null, text: null, context: null, hiddenReason: null },
});

it('offers hide or restore by the target’s state, dismiss while reports are open, and nothing a target cannot take', () => {
  expect(actionsFor(item('POST', true, false), true)).toEqual(['HIDE', 'DISMISS']);
  expect(actionsFor(item('REPLY', true, true), true)).toEqual(['RESTORE', 'DISMISS']);
  // resolved: a hidden one can still be restored, a visible one hidden again
  expect(actionsFor(item('POST', true, true), false)).toEqual(['RESTORE']);
  expect(actionsFor(item('POST', true, false), false)).toEqual(['HIDE']);
  // a 쪽지 or a person is never hidden; a deleted target only has its reports dismissed
  expect(actionsFor(item('MESSAGE', true, false), true)).toEqual(['DISMISS']);
  expect(actionsFor(item('USER', true, false), false)).toEqual([]);
  expect(actionsFor(item('POST', false, false), true)).toEqual(['DISMISS']);
});

it('sums the reasons, most given first, with their labels, leaving out those nobody gave', () => {
  expect(reasonSummary({ OTHER: 1, SPAM: 3, ABUSE: 2, SCAM: 0 }, { SPAM: '스팸·광고', ABUSE: '욕설·비방', OTHER: '기타' })).toBe(
    '스팸·광고 3 · 욕설·비방 2 · 기타 1',
  );
});

it('says the end of a suspension as a Seoul day, which may be the next day in UTC terms', () => {
  // 2026-11-27 16:30 UTC is 2026-11-28 01:30 in Seoul
  expect(suspensionEnd(3, new Date('2026-11-27T16:30:00Z'))).toBe('2026년 12월 1일');
  expect(suspensionEnd(1, new Date('2026-12-31T03:00:00Z'))).toBe('2027년 1월 1일');
});
