/** An honest failure: the call did not work (never "none"), with a way to try again. */
export function LoadError({
  onRetry,
  text = '불러오지 못했습니다.',
  className = '',
}: {
  onRetry(): void;
  text?: string;
  className?: string;
}) {
  return (
    <div role="alert" data-testid="load-error" className={`flex flex-col items-center gap-3 py-10 text-center ${className}`}>
      <p className="text-gray-700">{text}</p>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        다시 시도
      </button>
    </div>
  );
}
