import type { ChatMessage } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { mergeMessages } from './merge';

const m = (messageId: number, message = `m${messageId}`): ChatMessage => ({
  messageId,
  senderId: 1,
  senderName: '사용자',
  message,
  sendAt: '2026-11-26T12:00:00+09:00',
});
const ids = (list: ChatMessage[]) => list.map((x) => x.messageId);

describe('mergeMessages', () => {
  it('keeps each message once, in messageId order, whatever order they arrive in', () => {
    const shown = [m(1), m(2), m(5)];
    expect(ids(mergeMessages(shown, [m(4), m(3), m(5), m(6)]))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the message already shown when the same id comes again', () => {
    expect(mergeMessages([m(1, '처음')], [m(1, '다시')]).map((x) => x.message)).toEqual(['처음']);
  });

  it('returns the shown list itself when nothing new came', () => {
    const shown = [m(1)];
    expect(mergeMessages(shown, [])).toBe(shown);
  });
});
