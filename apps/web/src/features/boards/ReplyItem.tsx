import type { Reply } from '@app/contract';
import { useId, useState } from 'react';
import { formatWhen } from '../../shared/lib/format';
import { useNow } from '../../shared/lib/now';
import { ReportText } from '../../shared/report/ReportMenu';
import { HiddenNotice } from '../../shared/ui/PageNotes';
import { LimitNote } from '../../shared/ui/LimitNote';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { REPLY_MAX, REPLY_TOO_LONG } from './reply-limit';

interface ReplyItemProps {
  reply: Reply;
  canEdit: boolean;
  canDelete: boolean;
  /** someone else's reply, read by a signed-in person */
  canReport?: boolean;
  selected: boolean;
  onSelect(): void;
  onEdit(content: string): Promise<boolean>;
  onDelete(): void;
  /** a deletion is under way: the delete buttons wait */
  deleting?: boolean;
}

/** One reply; a top-level one can be clicked to answer it. */
export function ReplyItem({
  reply,
  canEdit,
  canDelete,
  canReport = false,
  selected,
  onSelect,
  onEdit,
  onDelete,
  deleting = false,
}: ReplyItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(reply.content);
  const [saving, setSaving] = useState(false);
  const child = reply.parentReplyId !== null;
  const now = useNow();
  const limit = useTextLimit(useId(), draft, REPLY_MAX, REPLY_TOO_LONG);

  const save = async () => {
    if (!draft.trim() || limit.over) return;
    setSaving(true);
    const ok = await onEdit(draft.trim());
    setSaving(false);
    if (ok) setEditing(false);
  };

  return (
    <li
      className={`flex flex-col gap-1 py-3 ${child ? 'ml-8 border-l-2 border-gray-100 pl-4' : ''} ${selected ? 'bg-indigo-50' : ''}`}
      data-testid={child ? 'child-reply' : 'reply'}
    >
      <div className="flex items-center gap-2 text-sm">
        {child && <span className="text-gray-600">↳</span>}
        <span className="font-medium">{reply.authorNickname}</span>
        <span className="text-gray-600">{formatWhen(reply.createdAt, now)}</span>
        {reply.edited && <span className="text-xs text-gray-500">수정됨</span>}
        <span className="ml-auto flex gap-2 text-xs">
          {!child && !editing && (
            <button type="button" className="text-gray-500 hover:text-indigo-600" onClick={onSelect}>
              답글
            </button>
          )}
          {canEdit && !editing && (
            <button type="button" className="text-gray-500 hover:text-indigo-600" onClick={() => setEditing(true)}>
              수정
            </button>
          )}
          {canDelete && !editing && (
            <button type="button" className="text-gray-500 hover:text-red-600" disabled={deleting} onClick={onDelete}>
              삭제
            </button>
          )}
          {canReport && !editing && <ReportText label="댓글 신고" targetType="REPLY" targetId={reply.id} />}
        </span>
      </div>
      <HiddenNotice mark={reply} what="댓글" compact />
      {editing ? (
        <div className="flex flex-col gap-2">
          <textarea
            id={limit.id}
            className="input min-h-16"
            aria-label="댓글 수정"
            value={draft}
            {...limit.control}
            onChange={(e) => setDraft(e.target.value)}
          />
          <LimitNote limit={limit} />
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
              취소
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={!draft.trim() || saving || limit.over}
              onClick={() => void save()}
            >
              저장
            </button>
          </div>
        </div>
      ) : (
        <p
          className={`whitespace-pre-wrap break-words text-sm text-gray-800 ${child ? '' : 'cursor-pointer'}`}
          onClick={child ? undefined : onSelect}
        >
          {reply.content}
        </p>
      )}
    </li>
  );
}
