import { EMPTY_ROOM_TEXT, type ChatMessage, type ChatRoom, type ChatRoomItem } from '@app/contract';
import { nullableSeoulDateTime, seoulDateTime } from '../../lib/clock.js';
import { displayName } from '../account/presenter.js';
import type { ChatLine, RoomListRow, RoomWithGroup } from './queries.js';

export function presentMessage(m: ChatLine): ChatMessage {
  return {
    messageId: m.id,
    senderId: m.senderId,
    senderName: displayName(m.sender),
    message: m.content,
    sendAt: seoulDateTime(m.sentAt),
  };
}

export function presentRoom(room: RoomWithGroup, messages: ChatLine[], unreadMessageCount: number): ChatRoom {
  return {
    chatRoomId: room.id,
    chatRoomName: room.name,
    groupId: room.groupId,
    groupName: room.groupName,
    messages: messages.map(presentMessage),
    unreadMessageCount,
  };
}

export function presentRoomItem(row: RoomListRow): ChatRoomItem {
  return {
    chatRoomId: row.id,
    chatRoomName: row.name,
    groupId: row.groupId,
    groupName: row.groupName,
    unreadMessageCount: row.unread,
    lastMessageContent: row.lastContent ?? EMPTY_ROOM_TEXT,
    lastMessageTime: nullableSeoulDateTime(row.lastSentAt),
  };
}
