import { REPORT_REASON_LABELS, type ModerationAction, type ReportQueueItem } from '@app/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/lib/format';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { Pagination } from '../../shared/ui/Pagination';
import { useReportQueue, type ReportStatus } from './api';
import { ACTION_LABELS, actionsFor, reasonSummary, TARGET_LABELS, targetPath } from './labels';
import { ResolveDialog } from './ResolveDialog';

interface Props {
  status: ReportStatus;
  page: number;
  onPage(page: number): void;
  onDone(text: string): void;
  /** 이용 정지 for the author of a target (or the reported person) */
  onSuspend(user: { userId: number; nickname: string | null }): void;
}

/** The reported targets, most reported first, each with what was reported in its context and the reports. */
export function ReportQueue({ status, page, onPage, onDone, onSuspend }: Props) {
  const { data, isError, refetch } = useReportQueue(status, page);
  const [acting, setActing] = useState<{ item: ReportQueueItem; action: ModerationAction } | null>(null);

  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (!data) return <p className="py-10 text-center text-sm text-gray-500">불러오는 중…</p>;
  if (data.content.length === 0)
    return <EmptyState text={status === 'OPEN' ? '처리할 신고가 없습니다.' : '처리한 신고가 없습니다.'} />;

  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="report-queue">
        {data.content.map((item) => (
          <QueueItem
            key={`${item.targetType}-${item.targetId}`}
            item={item}
            actions={actionsFor(item, status === 'OPEN')}
            onAction={(action) => setActing({ item, action })}
            onSuspend={onSuspend}
          />
        ))}
      </ul>
      <Pagination page={page} totalPages={data.totalPages} onChange={onPage} />
      {acting && (
        <ResolveDialog
          item={acting.item}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={(text) => {
            setActing(null);
            onDone(text);
          }}
        />
      )}
    </>
  );
}

function QueueItem({
  item,
  actions,
  onAction,
  onSuspend,
}: {
  item: ReportQueueItem;
  actions: ModerationAction[];
  onAction(action: ModerationAction): void;
  onSuspend: Props['onSuspend'];
}) {
  const { target } = item;
  const path = targetPath(item.targetType, item.targetId);
  // the reported person, or whoever wrote the reported thing
  const person = target.authorId !== null ? { userId: target.authorId, nickname: target.authorNickname } : null;
  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="report-item">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium">
          {TARGET_LABELS[item.targetType]} #{item.targetId}
        </span>
        <b className="text-red-600">신고 {item.reportCount}건</b>
        {target.hidden && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs text-amber-800">숨김</span>}
        <span className="ml-auto text-xs text-gray-500">{formatDateTime(item.lastReportedDateTime)}</span>
      </div>
      <p className="text-xs text-gray-600">{reasonSummary(item.reasons, REPORT_REASON_LABELS)}</p>

      {target.exists ? (
        <div className="flex flex-col gap-1 rounded-md bg-gray-50 p-3 text-sm" data-testid="reported-content">
          {target.context && <p className="text-xs text-gray-500">{target.context}</p>}
          {target.authorNickname && <p className="text-xs text-gray-600">작성자 {target.authorNickname}</p>}
          {target.title && (
            <p className="font-semibold break-words">
              {path ? (
                <Link to={path} className="underline underline-offset-4">
                  {target.title}
                </Link>
              ) : (
                target.title
              )}
            </p>
          )}
          {target.text && <p className="line-clamp-6 whitespace-pre-wrap break-words text-gray-800">{target.text}</p>}
          {target.hidden && target.hiddenReason && <p className="text-xs text-amber-800">숨김 사유: {target.hiddenReason}</p>}
        </div>
      ) : (
        <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-500">삭제된 대상입니다.</p>
      )}

      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer content-center text-gray-700">신고 내용 {item.reports.length}건</summary>
        <ul className="flex flex-col divide-y divide-gray-100">
          {item.reports.map((r) => (
            <li key={r.reportId} className="flex flex-col gap-0.5 py-2">
              <span className="text-xs text-gray-500">
                {r.reporterNickname} · {formatDateTime(r.createdDateTime)}
              </span>
              <span className="font-medium">{REPORT_REASON_LABELS[r.reason]}</span>
              {r.detail && <span className="whitespace-pre-wrap break-words text-gray-700">{r.detail}</span>}
            </li>
          ))}
        </ul>
      </details>

      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`${action === 'HIDE' ? 'btn-danger' : 'btn-secondary'} min-h-11 flex-1 sm:flex-none`}
            onClick={() => onAction(action)}
          >
            {ACTION_LABELS[action]}
          </button>
        ))}
        {person && (
          <button type="button" className="btn-secondary min-h-11 flex-1 sm:flex-none" onClick={() => onSuspend(person)}>
            {item.targetType === 'USER' ? '이용 정지' : '작성자 이용 정지'}
          </button>
        )}
      </div>
    </li>
  );
}
