import { useState } from 'react';
import { Link } from 'react-router';
import { formatWhen } from '../../shared/lib/format';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonRows } from '../../shared/ui/Skeleton';
import { useRecentMessages } from './api';
import { shortSender } from './format';
import { MessageDetailDialog, type BlockSender } from './MessageDetailDialog';
import { UnreadDot } from './UnreadDot';

/** The header's inbox: the 5 newest 쪽지 (content already cut by the server) and a link to /messages. */
export function InboxDropdown({ onClose, blockSender }: { onClose(): void; blockSender: BlockSender }) {
  const { data, isError, isPending, refetch } = useRecentMessages();
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    // on a phone the panel spans the screen under the header (anchored to the icon it would run off the left edge)
    <div
      className="fixed inset-x-2 top-16 z-40 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-lg border border-gray-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-[460px]"
      data-testid="inbox-dropdown"
    >
      <div className="border-b border-gray-100 px-4 py-3 text-sm font-semibold">받은 쪽지</div>
      {isError && (
        <LoadError text="쪽지를 불러오는 도중 문제가 발생했습니다." onRetry={() => void refetch()} className="py-6 text-sm" />
      )}
      {data && data.length === 0 && <p className="py-6 text-center text-sm text-gray-600">받은 쪽지가 없습니다.</p>}
      {isPending && <SkeletonRows rows={3} />}
      {data && data.length > 0 && (
        <ul>
          {data.map((m) => (
            <li key={m.messageId}>
              <button
                type="button"
                data-testid="recent-message"
                data-read={m.read}
                className={`grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 px-4 py-2 text-left text-sm hover:bg-indigo-50 sm:grid-cols-[7rem_minmax(0,1fr)_auto] ${m.read ? 'bg-gray-100 text-gray-600' : 'bg-white font-semibold text-gray-900'}`}
                onClick={() => setOpenId(m.messageId)}
              >
                <span className="flex min-w-0 items-center gap-1.5 overflow-hidden whitespace-nowrap" title={m.senderName}>
                  <UnreadDot read={m.read} />
                  {shortSender(m.senderName)}
                </span>
                <span className="col-span-2 row-start-2 min-w-0 truncate sm:col-span-1 sm:row-start-auto">
                  {m.content || '내용 없음'}
                </span>
                <span className="col-start-2 row-start-1 shrink-0 text-xs font-normal text-gray-600 sm:col-start-auto sm:row-start-auto">
                  {formatWhen(m.sentAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link to="/messages" onClick={onClose} className="block border-t border-gray-100 py-3 text-center text-sm text-indigo-600">
        전체 보기
      </Link>
      {openId !== null && (
        <MessageDetailDialog
          messageId={openId}
          replyVariant="default"
          blockSender={blockSender}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
