import { formatDateTime } from '../../shared/lib/format';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { Pagination } from '../../shared/ui/Pagination';
import { useAuditLog } from './api';
import { ACTION_LABELS, TARGET_LABELS } from './labels';

/** Every operator action, newest first; a grant or revoke from the command line has no operator. */
export function AuditLog({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { data, isError, refetch } = useAuditLog(page);
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (!data) return <p className="py-10 text-center text-sm text-gray-500">불러오는 중…</p>;
  if (data.content.length === 0) return <EmptyState text="처리 기록이 없습니다." />;
  return (
    <>
      <ul className="card divide-y divide-gray-100" data-testid="audit-log">
        {data.content.map((e) => (
          <li key={e.auditId} className="flex flex-col gap-1 px-4 py-3 text-sm">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <b>{ACTION_LABELS[e.action] ?? e.action}</b>
              <span className="text-gray-600">
                {TARGET_LABELS[e.targetType as keyof typeof TARGET_LABELS] ?? e.targetType} #{e.targetId}
              </span>
              <span className="ml-auto text-xs text-gray-500">{formatDateTime(e.createdDateTime)}</span>
            </div>
            <span className="text-xs text-gray-500">{e.operatorNickname ?? '명령줄'}</span>
            {e.note && <p className="whitespace-pre-wrap break-words text-gray-800">{e.note}</p>}
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={data.totalPages} onChange={onPage} />
    </>
  );
}
