import { alertFailure, errorText } from '../../shared/api/client';
import { useBlocks, useUnblock } from './api';
import { formatDateTime } from '../../shared/lib/format';
import { EmptyState } from '../../shared/ui/EmptyState';

/** 차단 목록 on /myinfo: the users I blocked, newest first, each with 해제 (no confirm: it is undone by blocking again). */
export function BlockList() {
  const { data } = useBlocks();
  const unblock = useUnblock();

  return (
    <section className="card p-6" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading" className="mb-4 text-lg font-bold">
        차단 목록
      </h2>
      {data && data.length === 0 && <EmptyState text="차단한 사용자가 없습니다." />}
      {data && data.length > 0 && (
        <ul className="divide-y divide-gray-100">
          {data.map((b) => (
            <li key={b.userId} className="flex items-center justify-between gap-3 py-2.5" data-testid="block-row">
              <div className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{b.nickname}</span>
                <span className="text-xs text-gray-500">{formatDateTime(b.blockedDateTime)} 차단</span>
              </div>
              <button
                type="button"
                className="btn-secondary shrink-0 px-3 py-1"
                disabled={unblock.isPending}
                onClick={() =>
                  unblock.mutate(b.userId, { onSuccess: (text) => alert(text), onError: (e) => alertFailure(e, errorText(e)) })
                }
              >
                해제
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
