import type { MessageItem } from '@app/contract';
import { useEffect, useState } from 'react';
import { ComposeMessageDialog } from './ComposeMessageDialog';
import { formatWhen } from '../../shared/lib/format';
import { usePageParam } from '../../shared/lib/usePageParam';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonRows } from '../../shared/ui/Skeleton';
import { Pagination } from '../../shared/ui/Pagination';
import { SYSTEM_SENDER, useInbox } from './api';
import { ReplyIcon, TrashIcon } from './icons';
import { MessageDetailDialog, type BlockSender } from './MessageDetailDialog';
import { useConfirmDeleteMessage } from './confirm-delete';
import { UnreadDot } from './UnreadDot';

/**
 * /messages: the received 쪽지, 10 a page; unread rows white, read rows grey. Replies (row icon or the
 * detail's 답장쓰기) use the reply wording; 쪽지 쓰기 sends to a typed nickname with the inbox wording.
 */
export function MessagesPage({ blockSender }: { blockSender: BlockSender }) {
  const [page, setPage] = usePageParam();
  const { data, isError, isPending, refetch } = useInbox(page);
  const [openId, setOpenId] = useState<number | null>(null);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const { remove, deleting } = useConfirmDeleteMessage();

  // deleting the last row of a later page moves back to the last page that still has rows
  const lastPage = data && data.empty && page > 0 && data.totalPages > 0 && page >= data.totalPages ? data.totalPages - 1 : null;
  useEffect(() => {
    if (lastPage !== null) setPage(lastPage, { replace: true });
  }, [lastPage, setPage]);

  return (
    <div className="page">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">받은 쪽지함</h1>
        <button type="button" className="btn-primary" onClick={() => setWriting(true)}>
          쪽지 쓰기
        </button>
      </div>
      {isError && <LoadError text="쪽지를 불러오는 도중 문제가 발생했습니다." onRetry={() => void refetch()} />}
      {isPending && <SkeletonRows rows={6} className="card" />}
      {data && data.totalElements === 0 && <EmptyState text="받은 쪽지가 없습니다." />}
      {data && data.content.length > 0 && (
        <ul className="card divide-y divide-gray-200 overflow-hidden">
          {data.content.map((m) => (
            <MessageRow
              key={m.messageId}
              message={m}
              onOpen={() => setOpenId(m.messageId)}
              onReply={() => setReplyTo(m.senderName)}
              deleting={deleting}
              onDelete={() => remove(m.messageId)}
            />
          ))}
        </ul>
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} onChange={setPage} />}
      {openId !== null && (
        <MessageDetailDialog messageId={openId} replyVariant="reply" blockSender={blockSender} onClose={() => setOpenId(null)} />
      )}
      {replyTo !== null && <ComposeMessageDialog receiverName={replyTo} variant="reply" onClose={() => setReplyTo(null)} />}
      {writing && <ComposeMessageDialog variant="inbox" onClose={() => setWriting(false)} />}
    </div>
  );
}

interface RowProps {
  message: MessageItem;
  onOpen(): void;
  onReply(): void;
  onDelete(): void;
  deleting: boolean;
}

function MessageRow({ message: m, onOpen, onReply, onDelete, deleting }: RowProps) {
  const iconBtn = 'flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-gray-200';
  return (
    <li
      data-testid="message-row"
      data-read={m.read}
      className={`flex items-center gap-1 py-2 pl-4 pr-2 sm:gap-3 sm:py-3 ${m.read ? 'bg-gray-100 text-gray-600' : 'bg-white font-semibold text-gray-900'}`}
    >
      {/* a phone stacks sender and time over the preview; from sm up one line: sender, preview, time */}
      <button
        type="button"
        className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 text-left sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:gap-x-4"
        onClick={onOpen}
      >
        <span className="flex min-w-0 items-center gap-1.5">
          <UnreadDot read={m.read} />
          <span className="truncate" data-testid="message-sender">
            {m.senderName}
          </span>
        </span>
        <span className="col-span-2 row-start-2 min-w-0 truncate text-sm sm:col-span-1 sm:row-start-auto">
          {m.content || '내용 없음'}
        </span>
        <span className="col-start-2 row-start-1 text-xs font-normal text-gray-600 sm:col-start-auto sm:row-start-auto">
          {formatWhen(m.sentAt)}
        </span>
      </button>
      {m.senderName !== SYSTEM_SENDER && (
        <button type="button" className={`${iconBtn} text-indigo-700`} aria-label="답장" title="답장" onClick={onReply}>
          <ReplyIcon />
        </button>
      )}
      <button
        type="button"
        className={`${iconBtn} text-red-700`}
        aria-label="삭제"
        title="삭제"
        disabled={deleting}
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
    </li>
  );
}
