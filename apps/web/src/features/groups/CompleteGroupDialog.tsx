import {
  INVALID_URL_TEXT,
  isWebLink,
  LINK_URL_MAX,
  REVIEW_WINDOW_DAYS,
  SUMMARY_MAX,
  SUMMARY_TEXT,
  type GroupType,
} from '@app/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/client';
import { LimitNote } from '../../shared/ui/LimitNote';
import { Modal } from '../../shared/ui/Modal';
import { Switch } from '../../shared/ui/Switch';
import { refuseOverLimit } from '../../shared/ui/text-limit';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { failureText } from './api';
import { useCompleteGroup } from './teams-api';

export const completeLabel = (type: GroupType) => (type === 'STUDY_GROUP' ? '스터디 완료' : '프로젝트 완료');

type Errors = { summary?: string; resultUrl?: string; other?: string };

/**
 * The admin's completion: a summary, an optional result link and the showcase switch, then a confirm inside the
 * dialog that says what completion changes. A refusal (checked here first, then by the server) is shown under its
 * field and everything typed stays.
 */
export function CompleteGroupDialog({ group, onClose }: { group: { id: number; type: GroupType }; onClose(): void }) {
  const [summary, setSummary] = useState('');
  const [resultUrl, setResultUrl] = useState('');
  const [showcase, setShowcase] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const complete = useCompleteGroup(group.id);
  const summaryLimit = useTextLimit('complete-summary', summary, SUMMARY_MAX, SUMMARY_TEXT);
  const urlLimit = useTextLimit('complete-url', resultUrl, LINK_URL_MAX, INVALID_URL_TEXT);
  const title = completeLabel(group.type);

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (refuseOverLimit([summaryLimit, urlLimit])) return;
    if (!summary.trim()) return setErrors({ summary: SUMMARY_TEXT });
    const url = resultUrl.trim();
    if (url && !isWebLink(url)) return setErrors({ resultUrl: INVALID_URL_TEXT });
    setErrors({});
    setConfirming(true);
  };

  const send = () => {
    const url = resultUrl.trim();
    complete.mutate(
      { summary: summary.trim(), resultUrl: url || null, showcase },
      {
        onSuccess: onClose,
        onError: (err) => {
          const text = failureText(err, '완료 처리에 실패했습니다.');
          const code = err instanceof ApiError ? err.code : null;
          setConfirming(false);
          setErrors(code === 'invalid_url' ? { resultUrl: text } : text === SUMMARY_TEXT ? { summary: text } : { other: text });
        },
      },
    );
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={check} noValidate>
        <fieldset disabled={confirming} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label className="text-sm font-medium text-gray-700" htmlFor="complete-summary">
              결과 요약
            </label>
            <textarea
              id="complete-summary"
              className="input h-32 resize-y"
              value={summary}
              placeholder="무엇을 만들었고(공부했고) 어떻게 마무리했는지 적어주세요."
              {...fieldAria(errors.summary, summaryLimit.control, 'complete-summary')}
              onChange={(e) => setSummary(e.target.value)}
            />
            <LimitNote limit={summaryLimit} />
            {errors.summary && !summaryLimit.over && <FieldError id="complete-summary" text={errors.summary} />}
          </div>
          <div className="flex flex-col gap-1.5">
            <label className="text-sm font-medium text-gray-700" htmlFor="complete-url">
              결과 링크 (선택)
            </label>
            <input
              id="complete-url"
              className="input"
              type="url"
              inputMode="url"
              value={resultUrl}
              placeholder="https://"
              {...fieldAria(errors.resultUrl, urlLimit.control, 'complete-url')}
              onChange={(e) => setResultUrl(e.target.value)}
            />
            <LimitNote limit={urlLimit} />
            {errors.resultUrl && !urlLimit.over && <FieldError id="complete-url" text={errors.resultUrl} />}
          </div>
          <div className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 px-3 py-2">
            <div className="flex flex-col">
              <span className="text-sm font-medium text-gray-800" id="complete-showcase-label">
                쇼케이스에 공개
              </span>
              <span className="text-xs text-gray-600">
                그룹 이름, 요약, 결과 링크를 누구나 볼 수 있어요. 닉네임은 동의한 팀원만 표시됩니다.
              </span>
            </div>
            <Switch label="쇼케이스에 공개" on={showcase} onChange={setShowcase} />
          </div>
        </fieldset>
        {errors.other && (
          <p role="alert" className="text-sm text-red-600">
            {errors.other}
          </p>
        )}
        {confirming ? (
          <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="complete-confirm">
            <p className="text-sm font-semibold text-amber-900">{title} 처리하면 되돌릴 수 없어요.</p>
            <ul className="list-disc pl-5 text-sm text-amber-900">
              <li>초대·추방·그룹 삭제를 더 이상 할 수 없습니다.</li>
              <li>팀원 평가가 {REVIEW_WINDOW_DAYS}일 동안 열립니다.</li>
              <li>채팅, 일정, 공지, 자료는 그대로 남고, 탈퇴는 계속 할 수 있어요.</li>
            </ul>
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
                돌아가기
              </button>
              <button type="button" className="btn-primary" disabled={complete.isPending} onClick={send}>
                완료하기
              </button>
            </div>
          </div>
        ) : (
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              취소
            </button>
            <button type="submit" className="btn-primary">
              다음
            </button>
          </div>
        )}
      </form>
    </Modal>
  );
}

/** A field's aria: its limit's while past the limit, else the refusal of the last try. */
function fieldAria(error: string | undefined, control: { 'aria-describedby'?: string }, id: string) {
  if (!error) return control;
  return {
    'aria-invalid': true as const,
    'aria-describedby': [control['aria-describedby'], `${id}-error`].filter(Boolean).join(' '),
  };
}

function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
      {text}
    </p>
  );
}
