import { chatLauncher } from './launcher';
import { useChatRooms } from './api';
import { formatChatTime } from './format';

const touchOnly = () => window.matchMedia?.('(pointer: coarse)').matches ?? false;

/**
 * The header's room list: unread counts, last message and time. Double-click opens the room in the
 * modal and closes the list; on a touch screen one tap does (a double tap zooms there).
 */
export default function ChatListPanel({ onClose }: { onClose(): void }) {
  const { data, isPending, isError, refetch } = useChatRooms();
  const open = (roomId: number) => {
    onClose();
    chatLauncher.open(roomId);
  };
  return (
    <div
      className="absolute right-0 top-12 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white shadow-lg"
      data-testid="chat-list"
    >
      <div className="border-b border-gray-100 px-4 py-3 text-sm font-semibold">채팅방</div>
      {isPending && <p className="py-6 text-center text-sm text-gray-400">불러오는 중...</p>}
      {isError && (
        <div className="py-6 text-center text-sm text-red-600">
          채팅방 목록을 불러오지 못했습니다.
          <button type="button" className="ml-2 underline" onClick={() => void refetch()}>
            다시 시도
          </button>
        </div>
      )}
      {data && data.length === 0 && <p className="py-6 text-center text-sm text-gray-500">채팅방이 없습니다.</p>}
      {data && data.length > 0 && (
        <ul className="max-h-96 overflow-y-auto">
          {data.map((r) => (
            <li key={r.chatRoomId}>
              <button
                type="button"
                data-testid="chat-room-item"
                className="flex w-full select-none items-start gap-3 px-4 py-3 text-left hover:bg-indigo-50"
                onDoubleClick={() => open(r.chatRoomId)}
                onClick={() => touchOnly() && open(r.chatRoomId)}
                onKeyDown={(e) => e.key === 'Enter' && open(r.chatRoomId)}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{r.chatRoomName}</span>
                  <span className="block truncate text-xs text-gray-500">{r.groupName}</span>
                  <span className="block truncate text-xs text-gray-600">{r.lastMessageContent}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <span className="text-[10px] text-gray-400">{formatChatTime(r.lastMessageTime)}</span>
                  {r.unreadMessageCount > 0 && (
                    <span className="rounded-full bg-red-500 px-1.5 text-xs font-semibold text-white" data-testid="chat-unread">
                      {r.unreadMessageCount}
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
