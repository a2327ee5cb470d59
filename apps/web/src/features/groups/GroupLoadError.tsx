import { failureText } from './api';

/** A group page whose load failed: the spec's text, the server's reason (e.g. not a member) and a retry. */
export function GroupLoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div className="page">
      <div role="alert" className="card mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
        <p className="font-semibold">그룹 정보를 불러오지 못했습니다.</p>
        <p className="text-sm text-gray-600">{failureText(error, '')}</p>
        <button type="button" className="btn-secondary" onClick={onRetry}>
          다시 시도
        </button>
      </div>
    </div>
  );
}
