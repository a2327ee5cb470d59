import type { RecordCounts } from '@app/contract';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { alertFailure } from '../../shared/api/client';
import { formatPhone } from '../../shared/lib/format';
import { usePageParam } from '../../shared/lib/usePageParam';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonCards } from '../../shared/ui/Skeleton';
import { Pagination } from '../../shared/ui/Pagination';
import { RecordLine } from '../../shared/ui/RecordLine';
import { SkillChips } from '../../shared/ui/SkillChips';
import { useApplicants, useDecideApplication, type Applicant, type Decision } from './api';

const DONE: Record<Decision, string> = { APPROVED: '지원이 승인되었습니다.', REJECTED: '지원이 거부되었습니다.' };
// a decision is final: it is asked for once more before it is sent
const ASK: Record<Decision, string> = { APPROVED: '이 지원자를 승인하시겠습니까?', REJECTED: '이 지원자를 거부하시겠습니까?' };

/** The record an applicant carries (docs/api.md §10.2; absent from an older answer). */
const recordOf = (a: Applicant) => (a as Applicant & { record?: RecordCounts }).record;

/** Applicants of one of my posts, each with their record in short (the nickname opens it); a decision updates the card in place. */
export default function ApplicantsPage() {
  const basePostId = useParams().basePostId ?? '';
  const navigate = useNavigate();
  const [page, setPage] = usePageParam();
  const { data, isError, isPending, refetch } = useApplicants(basePostId, page);
  const deciding = useDecideApplication(basePostId);

  useEffect(() => {
    if (isError) alert('지원자 정보를 불러오는 데 실패했습니다.');
  }, [isError]);

  const decide = (a: Applicant, status: Decision) => {
    if (deciding.isPending || !confirm(ASK[status])) return;
    deciding.mutate(
      { applicationId: a.applicationId, status },
      { onSuccess: () => alert(DONE[status]), onError: (e) => alertFailure(e, '지원 상태 변경에 실패했습니다.') },
    );
  };

  return (
    <div className="page flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{data ? `${data.title} 지원자 현황` : '지원자 현황'}</h1>
        <button type="button" className="btn-secondary" onClick={() => navigate('/my-posts')}>
          뒤로가기
        </button>
      </div>
      {isPending && <SkeletonCards count={3} className="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3" />}
      {isError && <LoadError onRetry={() => void refetch()} />}
      {data && data.applicants.length === 0 && <EmptyState text="지원자가 없습니다." />}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data?.applicants.map((a) => (
          <li key={a.applicationId} className="card flex flex-col gap-2 p-5" data-testid="applicant" data-status={a.status}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="min-w-0 truncate font-semibold">
                <Link
                  to={`/users/${a.userId}`}
                  state={{ nickname: a.applicantNickname }}
                  className="underline decoration-gray-300 underline-offset-4 hover:decoration-current"
                >
                  {a.applicantNickname}
                </Link>
              </h3>
              {a.status === 'APPROVED' && (
                <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800">승인됨</span>
              )}
              {a.status === 'REJECTED' && (
                <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-700">거부됨</span>
              )}
            </div>
            <RecordLine record={recordOf(a)} />
            <p className="text-sm text-gray-600">분야: {a.field || '-'}</p>
            <p className="text-sm text-gray-600">연락처: {a.contact ? formatPhone(a.contact) : '-'}</p>
            {a.techStacks.length > 0 && <SkillChips skills={a.techStacks} />}
            {/* always visible (touch has no hover); each asks before the final decision */}
            {a.status === 'PENDING' && (
              <div className="mt-auto grid grid-cols-2 gap-2 border-t border-gray-100 pt-3">
                <button type="button" className="btn-primary" disabled={deciding.isPending} onClick={() => decide(a, 'APPROVED')}>
                  승인
                </button>
                <button type="button" className="btn-danger" disabled={deciding.isPending} onClick={() => decide(a, 'REJECTED')}>
                  거부
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {data && <Pagination page={page} totalPages={data.totalPages} onChange={setPage} />}
    </div>
  );
}
