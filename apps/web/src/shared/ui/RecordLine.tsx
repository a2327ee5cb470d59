import type { RecordCounts } from '@app/contract';

/**
 * A person's record in one line (applicant rows, member lists): 참여 n · 완료 n · 중도 이탈 n, or 첫 팀 for someone
 * who has not been in a group yet (a first team is not a bad mark). Nothing while the answer carries no record.
 */
export function RecordLine({ record, className = '' }: { record: RecordCounts | undefined; className?: string }) {
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
    <span
      className={`text-xs text-gray-600 ${className}`}
      data-testid="record-line"
      title="함께한 그룹 · 완료까지 함께한 그룹 · 완료 전에 떠난 그룹"
    >
      참여 {record.joined} · 완료 {record.completed} ·{' '}
      <span className={record.leftEarly > 0 ? 'font-medium text-red-700' : ''}>중도 이탈 {record.leftEarly}</span>
    </span>
  );
}
