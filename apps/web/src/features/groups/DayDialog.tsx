import { scheduleBody } from '@app/contract';
import { useState, type FormEvent } from 'react';
import { LimitNote } from '../../shared/ui/LimitNote';
import { Modal } from '../../shared/ui/Modal';
import { refuseOverLimit, tooLongText } from '../../shared/ui/text-limit';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { failureText, useAddEntry, useEditEntry, useRemoveEntry, useScheduleDay, type ScheduleDetail } from './api';

interface DayDialogProps {
  groupId: number;
  date: string;
  /** the caller's user id: edit and delete show on their own entries only */
  myId: number | undefined;
  onClose(): void;
}

const CONTENT_MAX = 200;
const CONTENT_TOO_LONG = tooLongText(scheduleBody.out.shape.content, CONTENT_MAX);

const label = (date: string) => `${Number(date.slice(5, 7))}월 ${Number(date.slice(8))}일 일정`;

/** One day's entries with add and close; edit and delete on one's own entry. */
export function DayDialog({ groupId, date, myId, onClose }: DayDialogProps) {
  const day = useScheduleDay(String(groupId), date);
  const [editing, setEditing] = useState<ScheduleDetail | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useAddEntry();
  const edit = useEditEntry();
  const remove = useRemoveEntry();
  const hasOwn = day.data?.some((e) => e.writerId === myId) ?? false;

  const onDelete = (entry: ScheduleDetail) => {
    if (!confirm('일정을 삭제하시겠습니까?')) return;
    remove.mutate(
      { groupId, writerId: entry.writerId, date },
      { onError: (e) => setError(failureText(e, '일정 삭제에 실패했습니다.')), onSuccess: () => setError(null) },
    );
  };

  return (
    <Modal title={label(date)} onClose={onClose} width={440}>
      <div className="flex flex-col gap-3">
        {day.isPending && <p className="text-sm text-gray-600">불러오는 중...</p>}
        {day.isError && (
          <p role="alert" className="flex items-center justify-between text-sm text-red-600">
            일정을 불러오지 못했습니다.
            <button type="button" className="btn-secondary px-2 py-1" onClick={() => void day.refetch()}>
              다시 시도
            </button>
          </p>
        )}
        {day.data?.length === 0 && !adding && <p className="py-4 text-center text-sm text-gray-500">등록된 일정이 없습니다.</p>}
        <ul className="flex flex-col gap-2">
          {day.data?.map((entry) => (
            <li key={entry.writerId} className="rounded-lg border border-gray-200 p-3" data-testid="schedule-entry">
              {editing?.writerId === entry.writerId ? (
                <EntryForm
                  initial={entry.content}
                  submitLabel="저장"
                  onSave={(content) => edit.mutateAsync({ groupId, writerId: entry.writerId, date, content })}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm font-semibold">{entry.nickname}</span>
                    {entry.writerId === myId && (
                      <span className="flex gap-1">
                        <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => setEditing(entry)}>
                          수정
                        </button>
                        <button
                          type="button"
                          className="btn-secondary px-2 py-1 text-xs text-red-600"
                          onClick={() => onDelete(entry)}
                        >
                          삭제
                        </button>
                      </span>
                    )}
                  </div>
                  <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-700">{entry.content}</p>
                </>
              )}
            </li>
          ))}
        </ul>
        {adding && myId !== undefined && (
          <EntryForm
            initial=""
            submitLabel="등록"
            onSave={(content) => add.mutateAsync({ groupId, writerId: myId, date, content })}
            onDone={() => setAdding(false)}
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 border-t border-gray-100 pt-3">
          {!adding && !hasOwn && day.isSuccess && (
            <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
              일정 추가
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={onClose}>
            닫기
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Add or edit: content required (1-200); the server's refusal is shown in place. */
function EntryForm(props: { initial: string; submitLabel: string; onSave(content: string): Promise<unknown>; onDone(): void }) {
  const { initial, submitLabel, onSave, onDone } = props;
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const limit = useTextLimit('schedule-content', content, CONTENT_MAX, CONTENT_TOO_LONG);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (refuseOverLimit([limit])) return;
    if (!content.trim()) {
      setError('일정 내용을 입력해주세요.');
      return;
    }
    setBusy(true);
    try {
      await onSave(content.trim());
      onDone();
    } catch (err) {
      setError(failureText(err, '일정 저장에 실패했습니다.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit}>
      <label className="sr-only" htmlFor="schedule-content">
        일정 내용
      </label>
      <textarea
        id="schedule-content"
        className="input h-20 resize-none"
        value={content}
        placeholder="일정 내용을 입력하세요."
        autoFocus
        {...limit.control}
        onChange={(e) => setContent(e.target.value)}
      />
      <LimitNote limit={limit} />
      {error && !limit.over && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary px-3 py-1" onClick={onDone}>
          취소
        </button>
        <button type="submit" className="btn-primary px-3 py-1" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
