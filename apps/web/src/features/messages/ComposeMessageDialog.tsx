import { useId, useState, type FormEvent } from 'react';
import { alertFailure } from '../../shared/api/client';
import { FormProblem, limitReachedText } from '../../shared/ui/PageNotes';
import { LimitNote } from '../../shared/ui/LimitNote';
import { Modal } from '../../shared/ui/Modal';
import { fromContract, refuseOverLimit } from '../../shared/ui/text-limit';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { useSendMessage } from './send';
import { composeResultText, EMPTY_MESSAGE_TEXT, type ComposeVariant } from './compose-texts';

const CONTENT_MAX = 1000;
const CONTENT_TOO_LONG = fromContract((c) => c.MESSAGE_TOO_LONG_TEXT);

/**
 * The one 쪽지 compose dialog (쪽지 보내기), opened from the header, the message detail, the inbox page
 * and a post detail. `variant` picks the success/failure wording of the place that opened it.
 */
export interface ComposeMessageDialogProps {
  /** the fixed, read-only receiver of a reply; without it the receiver is typed (the inbox page's 쪽지 쓰기) */
  receiverName?: string;
  onClose(): void;
  onSent?(): void;
  /** 'default' (header/detail/post): 쪽지가 성공적으로 전송되었습니다.; 'inbox'; 'reply' */
  variant?: ComposeVariant;
}

export function ComposeMessageDialog({
  receiverName: fixedReceiver,
  onClose,
  onSent,
  variant = 'default',
}: ComposeMessageDialogProps) {
  const [typedReceiver, setTypedReceiver] = useState('');
  const receiverName = fixedReceiver ?? typedReceiver;
  const [content, setContent] = useState('');
  const send = useSendMessage();
  const id = useId();
  const limit = useTextLimit(`${id}-content`, content, CONTENT_MAX, CONTENT_TOO_LONG);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    if (refuseOverLimit([limit])) return;
    if (!content.trim()) {
      alert(EMPTY_MESSAGE_TEXT);
      return;
    }
    setProblem(null);
    send.mutate(
      { receiverName, content },
      {
        onSuccess: () => {
          alert(composeResultText(variant));
          onSent?.();
          onClose();
        },
        onError: (err) => {
          const limited = limitReachedText(err);
          if (limited) setProblem(limited);
          else alertFailure(err, composeResultText(variant, err));
        },
      },
    );
  };

  return (
    <Modal title="쪽지 보내기" onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={submit}>
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${id}-to`}>
          받는 사람:
          {/* a reply's receiver is fixed (read-only, greyed); the inbox page's 쪽지 쓰기 types it */}
          <input
            id={`${id}-to`}
            className="input read-only:bg-gray-100"
            placeholder={fixedReceiver === undefined ? '받는 사람의 닉네임' : undefined}
            value={receiverName}
            readOnly={fixedReceiver !== undefined}
            onChange={(e) => setTypedReceiver(e.target.value)}
          />
        </label>
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${id}-content`}>
            쪽지 내용:
            <textarea
              id={`${id}-content`}
              className="input h-40 resize-none"
              placeholder="답장할 내용을 입력하세요."
              value={content}
              {...limit.control}
              onChange={(e) => setContent(e.target.value)}
            />
          </label>
          <LimitNote limit={limit} />
        </div>
        <FormProblem text={problem} />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={send.isPending}>
            전송하기
          </button>
        </div>
      </form>
    </Modal>
  );
}
