import { MODERATION_NOTE_MAX, MODERATION_TEXTS, type ModerationAction, type ReportQueueItem } from '@app/contract';
import { useId, useState, type FormEvent } from 'react';
import { errorText, sessionExpired } from '../../shared/api/client';
import { LimitNote } from '../../shared/ui/LimitNote';
import { Modal } from '../../shared/ui/Modal';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { useResolve } from './api';
import { ACTION_EFFECTS, ACTION_LABELS, TARGET_LABELS } from './labels';

interface Props {
  item: Pick<ReportQueueItem, 'targetType' | 'targetId'>;
  action: ModerationAction;
  onClose(): void;
  /** the server's text of what was done */
  onDone(text: string): void;
}

/** An action on a reported target: what it does, a note (kept in the audit log; a HIDE's note is the author's reason). */
export function ResolveDialog({ item, action, onClose, onDone }: Props) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const limit = useTextLimit(useId(), note, MODERATION_NOTE_MAX, MODERATION_TEXTS.noteTooLong);
  const resolve = useResolve();
  const label = ACTION_LABELS[action];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (resolve.isPending) return;
    if (!note.trim()) return setProblem(MODERATION_TEXTS.note);
    if (limit.over) return document.getElementById(limit.id)?.focus();
    setProblem('');
    resolve.mutate(
      { targetType: item.targetType, targetId: item.targetId, action, note: note.trim() },
      {
        onSuccess: (text) => onDone(text),
        onError: (err) => (sessionExpired(err) ? onClose() : setProblem(errorText(err))),
      },
    );
  };

  return (
    <Modal title={`${TARGET_LABELS[item.targetType]} ${label}`} onClose={onClose} width={420}>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <p className="text-sm text-gray-700">{ACTION_EFFECTS[action]}</p>
        <label htmlFor={limit.id} className="text-sm font-medium">
          처리 메모
        </label>
        <textarea
          id={limit.id}
          className="input min-h-24"
          value={note}
          placeholder={action === 'HIDE' ? '작성자에게 보일 숨김 사유' : '처리 기록에 남길 메모'}
          {...limit.control}
          onChange={(e) => setNote(e.target.value)}
        />
        <LimitNote limit={limit} />
        {problem && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex gap-2">
          <button type="button" className="btn-secondary min-h-11 flex-1" onClick={onClose}>
            취소
          </button>
          <button
            type="submit"
            className={`${action === 'HIDE' ? 'btn-danger' : 'btn-primary'} min-h-11 flex-1`}
            disabled={resolve.isPending}
          >
            {label}
          </button>
        </div>
      </form>
    </Modal>
  );
}
