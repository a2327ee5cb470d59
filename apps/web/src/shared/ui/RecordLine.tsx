import type { RecordCounts } from '@app/contract';
import { useId, useState } from 'react';

const EXPLANATION = '참여: 팀원으로 함께한 그룹 · 완료: 끝까지 함께 마친 그룹 · 중도 이탈: 완료 전에 탈퇴했거나 추방된 그룹';

/**
 * A person's record in one line (applicant rows, member lists): 참여 n · 완료 n · 중도 이탈 n, or 첫 팀 for someone
 * who has not been in a group yet (a first team is not a bad mark). Nothing while the answer carries no record.
 * What the numbers mean opens under a "?" button: a hover tooltip never shows on touch.
 */
export function RecordLine({ record, className = '' }: { record: RecordCounts | undefined; className?: string }) {
  const [open, setOpen] = useState(false);
  const helpId = useId();
  if (!record) return null;
  if (record.joined === 0 && record.leftEarly === 0)
    return (
      <span
        className={`inline-flex w-fit rounded-full bg-green-50 px-2 py-0.5 text-xs text-green-800 ${className}`}
        data-testid="record-line"
      >
        첫 팀
      </span>
    );
  return (
    <div className={`flex flex-col ${className}`}>
      <div className="flex items-center">
        <span className="text-xs text-gray-600" data-testid="record-line">
          참여 {record.joined} · 완료 {record.completed} ·{' '}
          <span className={record.leftEarly > 0 ? 'font-medium text-red-700' : ''}>중도 이탈 {record.leftEarly}</span>
        </span>
        {/* a finger-sized target around a small mark; the negative margins keep the row's height */}
        <button
          type="button"
          aria-label="기록 숫자 설명"
          aria-expanded={open}
          aria-controls={helpId}
          onClick={() => setOpen((now) => !now)}
          className="group -my-3 -ml-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full outline-none"
          data-testid="record-help-toggle"
        >
          <span
            aria-hidden="true"
            className={`flex h-5 w-5 items-center justify-center rounded-full border text-[11px] font-bold group-focus-visible:ring-2 group-focus-visible:ring-indigo-600 ${
              open ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-gray-300 text-gray-600'
            }`}
          >
            ?
          </span>
        </button>
      </div>
      <p id={helpId} hidden={!open} className="text-xs text-gray-600" data-testid="record-help">
        {EXPLANATION}
      </p>
    </div>
  );
}
