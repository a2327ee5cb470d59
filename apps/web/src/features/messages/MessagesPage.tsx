import type { MessageItem } from '@app/contract';
import { useState } from 'react';
import { ComposeMessageDialog } from '../../shared/compose/ComposeMessageDialog';
import { formatDateTime } from '../../shared/lib/format';
import { EmptyState } from '../../shared/ui/EmptyState';
import { Pagination } from '../../shared/ui/Pagination';
import { SYSTEM_SENDER, useInbox } from './api';
import { ReplyIcon, TrashIcon } from './icons';
import { MessageDetailDialog } from './MessageDetailDialog';
import { useConfirmDeleteMessage } from './confirm-delete';

/**
 * /messages: the received 쪽지, 10 a page; unread rows white, read rows grey. Replies (row icon or the
 * detail's 답장쓰기) use the reply wording; 쪽지 쓰기 sends to a typed nickname with the inbox wording (spec 8).
 */
export default function MessagesPage() {
  const [page, setPage] = useState(0);
  const { data, isError, isPending } = useInbox(page);
  const [openId, setOpenId] = useState<number | null>(null);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const { remove, deleting } = useConfirmDeleteMessage();

  // deleting the last row of a later page moves back to the last page that still has rows
  if (data && data.empty && page > 0 && data.totalPages > 0 && page >= data.totalPages) setPage(data.totalPages - 1);

  return (
    <div className="page">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">받은 쪽지함</h1>
        <button type="button" className="btn-primary" onClick={() => setWriting(true)}>
          쪽지 쓰기
        </button>
      </div>
      {isError && <p className="py-12 text-center text-red-600">쪽지를 불러오는 도중 문제가 발생했습니다.</p>}
      {isPending && <p className="py-12 text-center text-gray-400">불러오는 중...</p>}
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
      {openId !== null && <MessageDetailDialog messageId={openId} replyVariant="reply" onClose={() => setOpenId(null)} />}
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
  const iconBtn = 'flex h-9 w-9 items-center justify-center rounded-full hover:bg-gray-200';
  return (
    <li
      data-testid="message-row"
      data-read={m.read}
      className={`flex items-center gap-3 px-4 py-3 ${m.read ? 'bg-gray-100 text-gray-500' : 'bg-white'}`}
    >
      <button type="button" className="flex min-w-0 flex-1 items-center gap-4 text-left" onClick={onOpen}>
        <span className="w-32 shrink-0 truncate font-medium" data-testid="message-sender">
          {m.senderName}
        </span>
        <span className="min-w-0 flex-1 truncate text-sm">{m.content || '내용 없음'}</span>
        <span className="shrink-0 text-xs text-gray-400">{formatDateTime(m.sentAt)}</span>
      </button>
      {m.senderName !== SYSTEM_SENDER && (
        <button type="button" className={`${iconBtn} text-indigo-600`} aria-label="답장" title="답장" onClick={onReply}>
          <ReplyIcon />
        </button>
      )}
      <button
        type="button"
        className={`${iconBtn} text-red-500`}
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
