import { useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/lib/format';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useMyApplications, type MyApplication } from './api';
import { useCancelApplication } from './cancel-application';
import { RECRUITMENT, STUDY_GROUP } from './kinds';

const STATUS: Record<MyApplication['status'], { label: string; className: string }> = {
  PENDING: { label: '대기', className: 'text-gray-600' },
  APPROVED: { label: '승인', className: 'font-bold text-green-600' },
  REJECTED: { label: '거부', className: 'font-bold text-red-600' },
};

const detailPath = (a: MyApplication) => (a.postType === 'RECRUITMENT' ? RECRUITMENT : STUDY_GROUP).detailPath(a.basePostId);

/** My applications on /myinfo; rows of inactive posts are greyed and cannot be opened; a pending one can be cancelled. */
export function ApplicationHistory() {
  const navigate = useNavigate();
  const { data } = useMyApplications();
  const cancelling = useCancelApplication();

  return (
    <section className="card p-6" aria-labelledby="history-heading">
      <h2 id="history-heading" className="mb-4 text-lg font-bold">
        지원 내역
      </h2>
      {data && data.length === 0 && <EmptyState text="지원한 공고가 없습니다." />}
      {data && data.length > 0 && (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-gray-200 text-left text-gray-500">
              <th className="py-2 font-medium">공고</th>
              <th className="py-2 font-medium">지원일</th>
              <th className="py-2 text-center font-medium">상태</th>
              <th className="py-2 text-right font-medium">
                <span className="sr-only">지원 취소</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((a) => (
              <tr
                key={a.applicationId}
                className={`border-b border-gray-100 ${a.inactive ? 'cursor-not-allowed text-gray-600' : 'cursor-pointer hover:bg-gray-50'}`}
                aria-disabled={a.inactive || undefined}
                data-testid="application-row"
                onClick={a.inactive ? undefined : () => navigate(detailPath(a))}
              >
                <td className="py-2.5">
                  {a.recruitmentTitle}
                  {a.inactive && <span className="ml-2 text-xs">(마감)</span>}
                </td>
                <td className="py-2.5">{formatDateTime(a.applyDateTime)}</td>
                <td className={`py-2.5 text-center ${STATUS[a.status].className}`} data-testid="application-status">
                  {STATUS[a.status].label}
                </td>
                <td className="py-2.5 text-right">
                  {a.status === 'PENDING' && (
                    <button
                      type="button"
                      className="btn-secondary px-2 py-1 text-xs whitespace-nowrap"
                      disabled={cancelling.pending}
                      onClick={(e) => {
                        e.stopPropagation();
                        cancelling.cancel(a.applicationId);
                      }}
                    >
                      지원 취소
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
