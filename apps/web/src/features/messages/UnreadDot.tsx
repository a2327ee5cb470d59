/** Unread 쪽지 are bold with this dot (colour alone is not enough to tell read from unread). */
export function UnreadDot({ read }: { read: boolean }) {
  if (read) return <span className="inline-block h-2 w-2 shrink-0" aria-hidden="true" />;
  return (
    <span
      className="inline-block h-2 w-2 shrink-0 rounded-full bg-indigo-600"
      data-testid="unread-dot"
      role="img"
      aria-label="읽지 않음"
    />
  );
}
