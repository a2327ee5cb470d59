/** Grey placeholders in the shape of what is loading (announced once as 불러오는 중). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-gray-200 ${className}`} />;
}

/** Rows of a list while it loads. */
export function SkeletonRows({ rows = 5, className = '' }: { rows?: number; className?: string }) {
  return (
    <div
      role="status"
      aria-label="불러오는 중"
      data-testid="skeleton"
      className={`flex flex-col divide-y divide-gray-100 ${className}`}
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 px-4 py-4">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}

/** A grid of cards while it loads. */
export function SkeletonCards({ count = 4, className = 'grid-cols-2 md:grid-cols-4' }: { count?: number; className?: string }) {
  return (
    <div role="status" aria-label="불러오는 중" data-testid="skeleton" className={`grid gap-4 ${className}`}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card flex flex-col gap-3 p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}

/** A detail page (title, meta line, body) while it loads. */
export function SkeletonDetail() {
  return (
    <div className="page">
      <div
        role="status"
        aria-label="불러오는 중"
        data-testid="skeleton"
        className="card mx-auto flex max-w-3xl flex-col gap-4 p-6 sm:p-8"
      >
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-4 h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </div>
  );
}
