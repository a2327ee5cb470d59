import { codePoints, RECENT_PREVIEW_LENGTH, type Message, type MessageItem } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';
import { displayName } from '../account/presenter.js';
import type { DirectMessage } from './queries.js';

export function presentItem(m: DirectMessage): MessageItem {
  return {
    messageId: m.id,
    senderId: m.senderId,
    senderName: displayName(m.sender),
    content: m.content,
    read: m.read,
    sentAt: seoulDateTime(m.sentAt),
  };
}

/** The dropdown's preview: over 20 characters becomes the first 20 plus "...". */
export function presentRecent(m: DirectMessage): MessageItem {
  const item = presentItem(m);
  if (codePoints(item.content) > RECENT_PREVIEW_LENGTH) {
    item.content = [...item.content].slice(0, RECENT_PREVIEW_LENGTH).join('') + '...';
  }
  return item;
}

export function presentMessage(m: DirectMessage, receiverName: string): Message {
  return {
    messageId: m.id,
    senderId: m.senderId,
    senderName: displayName(m.sender),
    receiverId: m.receiverId,
    receiverName,
    content: m.content,
    read: m.read,
    sentAt: seoulDateTime(m.sentAt),
  };
}
