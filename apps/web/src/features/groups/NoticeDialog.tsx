import { useState, type FormEvent } from 'react';
import { NOTICE_CONTENT_MAX, NOTICE_CONTENT_TEXT, NOTICE_TITLE_MAX, NOTICE_TITLE_TEXT } from '@app/contract';
import { useMe } from '../../shared/auth/useMe';
import { formatDateTime } from '../../shared/lib/format';
import { ReportMenu } from '../../shared/report/ReportMenu';
import { HiddenNotice } from '../../shared/ui/PageNotes';
import { LimitNote } from '../../shared/ui/LimitNote';
import { Modal } from '../../shared/ui/Modal';
import { refuseOverLimit } from '../../shared/ui/text-limit';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { failureText } from './api';
import { useRemoveNotice, useSaveNotice, type Notice } from './group-board-api';

interface NoticeDialogProps {
  groupId: number;
  /** the caller is the group's admin: write, edit, pin and delete */
  admin: boolean;
  /** the notice to read (and, for the admin, to edit); none: the admin writes a new one */
  notice?: Notice;
  onClose(): void;
}

/** One notice read in full; for the admin 수정 / 고정 / 삭제 here, and 공지 작성 in the same dialog. */
export function NoticeDialog({ groupId, admin, notice: initial, onClose }: NoticeDialogProps) {
  const [notice, setNotice] = useState(initial);
  const [editing, setEditing] = useState(!initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveNotice(groupId);
  const remove = useRemoveNotice(groupId);
  const me = useMe();

  const togglePin = (n: Notice) =>
    save.mutate(
      { noticeId: n.noticeId, body: { title: n.title, content: n.content, pinned: !n.pinned } },
      {
        onSuccess: (saved) => {
          setNotice(saved);
          setError(null);
        },
        onError: (e) => setError(failureText(e, '공지 고정에 실패했습니다.')),
      },
    );
  const onDelete = (n: Notice) => {
    if (!confirm('공지를 삭제하시겠습니까?')) return;
    remove.mutate(n.noticeId, { onSuccess: onClose, onError: (e) => setError(failureText(e, '공지 삭제에 실패했습니다.')) });
  };

  return (
    <Modal title={editing ? (notice ? '공지 수정' : '공지 작성') : '공지'} onClose={onClose} width={560}>
      {editing ? (
        <NoticeForm
          initial={notice}
          onSave={(body) => save.mutateAsync({ noticeId: notice?.noticeId, body })}
          onSaved={(saved) => {
            if (!notice) return onClose();
            setNotice(saved);
            setEditing(false);
          }}
          onCancel={() => (notice ? setEditing(false) : onClose())}
        />
      ) : (
        notice && (
          <article className="flex flex-col gap-3" data-testid="notice-detail">
            <HiddenNotice mark={notice} what="공지" />
            <div className="flex flex-col gap-1">
              <h3 className="text-lg font-semibold break-words">
                {notice.pinned && (
                  <span className="mr-1.5 rounded bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-700">고정</span>
                )}
                {notice.title}
              </h3>
              <p className="text-xs text-gray-600">
                {notice.writerNickname} · {formatDateTime(notice.createdDateTime)}
                {notice.updatedDateTime !== notice.createdDateTime && ` (수정 ${formatDateTime(notice.updatedDateTime)})`}
              </p>
            </div>
            <p className="whitespace-pre-wrap break-words text-sm text-gray-800">{notice.content}</p>
            {error && (
              <p role="alert" className="text-sm text-red-600">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2 border-t border-gray-100 pt-3">
              {admin && (
                <>
                  <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
                    수정
                  </button>
                  <button type="button" className="btn-secondary" disabled={save.isPending} onClick={() => togglePin(notice)}>
                    {notice.pinned ? '고정 해제' : '고정'}
                  </button>
                  <button
                    type="button"
                    className="btn-secondary text-red-600"
                    disabled={remove.isPending}
                    onClick={() => onDelete(notice)}
                  >
                    삭제
                  </button>
                </>
              )}
              {me && me.nickname !== notice.writerNickname && (
                <ReportMenu label="공지 메뉴" targetType="NOTICE" targetId={notice.noticeId} />
              )}
              <button type="button" className="btn-secondary" onClick={onClose}>
                닫기
              </button>
            </div>
          </article>
        )
      )}
    </Modal>
  );
}

interface NoticeFormProps {
  initial?: Notice;
  onSave(body: { title: string; content: string; pinned: boolean }): Promise<Notice>;
  onSaved(saved: Notice): void;
  onCancel(): void;
}

/** Title (1-50), content (1-2000) and 상단 고정; the texts of docs/api.md §9.2 before sending, the server's after. */
function NoticeForm({ initial, onSave, onSaved, onCancel }: NoticeFormProps) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [pinned, setPinned] = useState(initial?.pinned ?? false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleLimit = useTextLimit('notice-title', title, NOTICE_TITLE_MAX, NOTICE_TITLE_TEXT);
  const contentLimit = useTextLimit('notice-content', content, NOTICE_CONTENT_MAX, NOTICE_CONTENT_TEXT);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (refuseOverLimit([titleLimit, contentLimit])) return;
    const body = { title: title.trim(), content: content.trim(), pinned };
    if (!body.title) return setError(NOTICE_TITLE_TEXT);
    if (!body.content) return setError(NOTICE_CONTENT_TEXT);
    setBusy(true);
    try {
      onSaved(await onSave(body));
    } catch (err) {
      setError(failureText(err, '공지 저장에 실패했습니다.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-1.5">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-gray-700">
          공지 제목
          <input
            id={titleLimit.id}
            className="input"
            value={title}
            autoFocus
            {...titleLimit.control}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && e.nativeEvent.isComposing && e.preventDefault()}
          />
        </label>
        <LimitNote limit={titleLimit} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-gray-700">
          공지 내용
          <textarea
            id={contentLimit.id}
            className="input h-48 resize-y"
            value={content}
            {...contentLimit.control}
            onChange={(e) => setContent(e.target.value)}
          />
        </label>
        <LimitNote limit={contentLimit} />
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input type="checkbox" className="h-4 w-4" checked={pinned} onChange={(e) => setPinned(e.target.checked)} />
        상단에 고정
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          취소
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {initial ? '저장' : '등록'}
        </button>
      </div>
    </form>
  );
}
