import { Link } from 'react-router';

/**
 * Page numbers as links (`?page=`, zero-based as the server counts, the first page without it): they work
 * before the app has taken a server-rendered page over and without JavaScript, and crawlers follow them.
 */
export function PageLinks({ path, page, totalPages }: { path: string; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  // at most nine numbers around the current page
  const first = Math.max(0, Math.min(page - 4, totalPages - 9));
  const last = Math.min(totalPages - 1, first + 8);
  const href = (p: number) => (p > 0 ? `${path}?page=${p}` : path);
  const box = 'inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm transition-colors';
  const plain = `${box} border-gray-200 bg-white hover:bg-gray-100`;
  return (
    <nav className="my-6 flex flex-wrap items-center justify-center gap-1" aria-label="페이지 이동">
      {page > 0 && (
        <Link to={href(page - 1)} className={plain} rel="prev">
          이전
        </Link>
      )}
      {Array.from({ length: last - first + 1 }, (_, i) => first + i).map((p) => (
        <Link
          key={p}
          to={href(p)}
          className={p === page ? `${box} border-indigo-600 bg-indigo-600 text-white` : plain}
          aria-current={p === page ? 'page' : undefined}
        >
          {p + 1}
        </Link>
      ))}
      {page < totalPages - 1 && (
        <Link to={href(page + 1)} className={plain} rel="next">
          다음
        </Link>
      )}
    </nav>
  );
}
