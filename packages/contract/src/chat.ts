import { z } from 'zod';
import { dateTime } from './common.js';
import { BAD_REQUEST_TEXT, bodyId, fieldsBody, text } from './text.js';

export const CHAT_ROOM_NAME_REQUIRED_TEXT = '채팅방 이름을 입력해주세요.';
export const CHAT_ROOM_NAME_TOO_LONG_TEXT = '채팅방 이름은 최대 50자까지 입력 가능합니다.';
export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_MESSAGE_TOO_LONG_TEXT = '메시지는 최대 1000자까지 입력 가능합니다.';
export const CHAT_HISTORY_DEFAULT = 50;
export const CHAT_HISTORY_MAX = 300;
export const EMPTY_ROOM_TEXT = '메시지가 없습니다.';
export const KICK_QUEUE = '/user/queue/kick';
export const chatTopic = (roomId: number) => `/topic/chat/${roomId}`;
export const CHAT_SEND_DESTINATION = '/app/chat.sendMessage';
/** An ERROR frame with this header set to `true` means "this instance is stopping: connect again" (not a refusal). */
export const STOMP_RECONNECT_HEADER = 'reconnect';

export const createChatRoomBody = fieldsBody({
  groupId: bodyId(BAD_REQUEST_TEXT),
  chatRoomName: text({ required: CHAT_ROOM_NAME_REQUIRED_TEXT, max: 50, tooLong: CHAT_ROOM_NAME_TOO_LONG_TEXT }),
});
export type CreateChatRoomBody = { groupId: number | string; chatRoomName: string; creatorId?: number };

export const readLogBody = fieldsBody({ chatRoomId: bodyId(BAD_REQUEST_TEXT) });

export const chatMessage = z.object({
  messageId: z.number(),
  senderId: z.number(),
  senderName: z.string(),
  message: z.string(),
  sendAt: dateTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatRoom = z.object({
  chatRoomId: z.number(),
  chatRoomName: z.string(),
  groupId: z.number(),
  groupName: z.string(),
  messages: z.array(chatMessage),
  unreadMessageCount: z.number(),
});
export type ChatRoom = z.infer<typeof chatRoom>;

export const chatRoomItem = z.object({
  chatRoomId: z.number(),
  chatRoomName: z.string(),
  groupId: z.number(),
  groupName: z.string(),
  unreadMessageCount: z.number(),
  lastMessageContent: z.string(),
  lastMessageTime: dateTime.nullable(),
});
export type ChatRoomItem = z.infer<typeof chatRoomItem>;

export const chatRoomExists = z.object({ exists: z.boolean(), chatRoomId: z.number().nullable() });
export type ChatRoomExists = z.infer<typeof chatRoomExists>;
