import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/lib/format';
import { useRecentMessages } from './api';
import { shortSender } from './format';
import { MessageDetailDialog } from './MessageDetailDialog';

/** The header's inbox: the 5 newest 쪽지 (content already cut by the server) and a link to /messages. */
export default function InboxDropdown({ onClose }: { onClose(): void }) {
  const { data, isError, isPending } = useRecentMessages();
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <div
      className="absolute right-0 top-12 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white shadow-lg"
      style={{ width: 460 }}
      data-testid="inbox-dropdown"
    >
      <div className="border-b border-gray-100 px-4 py-3 text-sm font-semibold">받은 쪽지</div>
      {isError && <p className="py-6 text-center text-sm text-red-600">쪽지를 불러오는 도중 문제가 발생했습니다.</p>}
      {data && data.length === 0 && <p className="py-6 text-center text-sm text-gray-500">받은 쪽지가 없습니다.</p>}
      {isPending && <p className="py-6 text-center text-sm text-gray-400">불러오는 중...</p>}
      {data && data.length > 0 && (
        <ul>
          {data.map((m) => (
            <li key={m.messageId}>
              <button
                type="button"
                data-testid="recent-message"
                data-read={m.read}
                className={`flex w-full items-center gap-3 px-4 py-2 text-left text-sm hover:bg-indigo-50 ${m.read ? 'bg-gray-100 text-gray-500' : 'bg-white'}`}
                onClick={() => setOpenId(m.messageId)}
              >
                <span className="w-28 shrink-0 overflow-hidden whitespace-nowrap font-medium" title={m.senderName}>
                  {shortSender(m.senderName)}
                </span>
                <span className="min-w-0 flex-1 truncate">{m.content || '내용 없음'}</span>
                <span className="shrink-0 text-xs text-gray-400">{formatDateTime(m.sentAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link to="/messages" onClick={onClose} className="block border-t border-gray-100 py-3 text-center text-sm text-indigo-600">
        전체 보기
      </Link>
      {openId !== null && <MessageDetailDialog messageId={openId} replyVariant="default" onClose={() => setOpenId(null)} />}
    </div>
  );
}
