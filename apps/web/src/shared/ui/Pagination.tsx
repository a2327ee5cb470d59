interface PaginationProps {
  /** zero-based current page */
  page: number;
  totalPages: number;
  onChange(page: number): void;
  /** page buttons per block; 0 shows every page (the board list) */
  blockSize?: number;
}

/** Page numbers shown from 1, in blocks of 5 with previous/next. */
export function Pagination({ page, totalPages, onChange, blockSize = 5 }: PaginationProps) {
  if (totalPages <= 0) return null;
  const size = blockSize || totalPages;
  const blockStart = Math.floor(page / size) * size;
  const blockEnd = Math.min(blockStart + size, totalPages);
  const pages = Array.from({ length: blockEnd - blockStart }, (_, i) => blockStart + i);
  const btn = 'min-w-9 h-9 px-2 rounded-md text-sm border transition-colors';
  return (
    <nav className="flex items-center justify-center gap-1 my-6" aria-label="페이지 이동">
      {blockSize > 0 && (
        <button
          type="button"
          className={`${btn} border-gray-200 bg-white disabled:opacity-40`}
          disabled={blockStart === 0}
          onClick={() => onChange(blockStart - 1)}
          aria-label="이전 페이지 묶음"
        >
          이전
        </button>
      )}
      {pages.map((p) => (
        <button
          type="button"
          key={p}
          className={`${btn} ${p === page ? 'bg-indigo-600 border-indigo-600 text-white' : 'bg-white border-gray-200 hover:bg-gray-100'}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onChange(p)}
        >
          {p + 1}
        </button>
      ))}
      {blockSize > 0 && (
        <button
          type="button"
          className={`${btn} border-gray-200 bg-white disabled:opacity-40`}
          disabled={blockEnd >= totalPages}
          onClick={() => onChange(blockEnd)}
          aria-label="다음 페이지 묶음"
        >
          다음
        </button>
      )}
    </nav>
  );
}
