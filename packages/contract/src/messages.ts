import { z } from 'zod';
import { dateTime } from './common.js';
import { fieldsBody, text } from './text.js';

export const MESSAGE_REQUIRED_TEXT = '쪽지 내용을 입력하세요.';
export const MESSAGE_TOO_LONG_TEXT = '쪽지 내용은 최대 1000자까지 입력 가능합니다.';
export const RECEIVER_NOT_FOUND_TEXT = '수신자를 찾을 수 없습니다.';
export const MESSAGE_NOT_FOUND_TEXT = '쪽지를 찾을 수 없습니다.';
export const MESSAGE_PAGE_SIZE = 10;
export const RECENT_MESSAGES = 5;
export const RECENT_PREVIEW_LENGTH = 20;

const sendMessageFields = {
  receiverName: z.unknown().optional(),
  content: text({ required: MESSAGE_REQUIRED_TEXT, tooLong: MESSAGE_TOO_LONG_TEXT, max: 1000, multiline: true }),
};
/**
 * Content is checked first; the receiver (any value, blank included) is resolved by the server afterwards.
 * A missing or non-object body reads as `{}`, so it answers the content text.
 */
export const sendMessageBody = fieldsBody(sendMessageFields);
export type SendMessageBody = { receiverName: string; content: string };

export const messageItem = z.object({
  messageId: z.number(),
  senderId: z.number(),
  senderName: z.string(),
  content: z.string(),
  read: z.boolean(),
  sentAt: dateTime,
});
export type MessageItem = z.infer<typeof messageItem>;

export const message = messageItem.extend({
  receiverId: z.number(),
  receiverName: z.string(),
});
export type Message = z.infer<typeof message>;

/**
 * Live notifications (beyond the contract): the user's own STOMP destination (only that user may subscribe) and
 * the JSON body of each MESSAGE on it. `message` is the new 쪽지 as the dropdown shows it (content cut at 20);
 * `resync` says that pushes may have been lost (the server's Redis was away): read the 쪽지 again.
 */
export const notificationQueue = (userId: number) => `/user/${userId}/queue/notifications`;
export const liveNotification = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: messageItem }),
  z.object({ kind: z.literal('resync') }),
]);
export type LiveNotification = z.infer<typeof liveNotification>;
