/** The header's unread 쪽지 count; filled in by the messages feature. */
export function UnreadBadge() {
  return null;
}
