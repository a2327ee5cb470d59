import { REPORT_DETAIL_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS, type ReportReason } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorText, post, sessionExpired } from '../api/client';
import { Modal } from '../ui/Modal';
import { LimitNote } from '../ui/LimitNote';
import { useTextLimit } from '../ui/useTextLimit';
import type { ReportTarget } from './target';

const sendReport = (body: ReportTarget & { reason: ReportReason; detail: string }) => post<string>('/reports', body);

/**
 * 신고하기: one of the reasons and an optional detail. Sent, it says what happens next (the server's text);
 * refused (already reported, the daily limit, gone meanwhile), it says the server's reason in place.
 */
export default function ReportDialog({ target, onClose }: { target: ReportTarget; onClose(): void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState('');
  const limit = useTextLimit(useId(), detail, REPORT_DETAIL_MAX, REPORT_TEXTS.detail);
  const report = useMutation({ mutationFn: sendReport, meta: { quiet: true } });
  const legend = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (report.isPending) return;
    if (!reason) return setProblem(REPORT_TEXTS.reason);
    if (limit.over) return document.getElementById(limit.id)?.focus();
    setProblem('');
    report.mutate(
      { ...target, reason, detail: detail.trim() },
      { onError: (err) => (sessionExpired(err) ? onClose() : setProblem(errorText(err))) },
    );
  };

  if (report.isSuccess) {
    return (
      <Modal title="신고 접수" onClose={onClose} width={400}>
        <p className="text-sm leading-relaxed" role="status" data-testid="report-done">
          {report.data}
        </p>
        <button type="button" className="btn-primary mt-5 min-h-11 w-full" onClick={onClose} autoFocus>
          확인
        </button>
      </Modal>
    );
  }

  return (
    <Modal title="신고하기" onClose={onClose} width={400}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset aria-labelledby={legend}>
          <p id={legend} className="mb-2 text-sm font-medium">
            신고 사유
          </p>
          <div className="flex flex-col">
            {REPORT_REASONS.map((r) => (
              <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  className="h-4 w-4 accent-indigo-600"
                  checked={reason === r}
                  onChange={() => (setReason(r), setProblem(''))}
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={limit.id} className="text-sm font-medium">
            자세한 내용 <span className="font-normal text-gray-500">(선택)</span>
          </label>
          <textarea
            id={limit.id}
            className="input min-h-24"
            value={detail}
            {...limit.control}
            onChange={(e) => setDetail(e.target.value)}
          />
          <LimitNote limit={limit} always />
        </div>
        {problem && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="report-error">
            {problem}
          </p>
        )}
        <p className="text-xs text-gray-500">신고는 운영자가 확인한 뒤 조치합니다.</p>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary min-h-11 flex-1" onClick={onClose}>
            취소
          </button>
          <button type="submit" className="btn-danger min-h-11 flex-1" disabled={report.isPending}>
            신고하기
          </button>
        </div>
      </form>
    </Modal>
  );
}
