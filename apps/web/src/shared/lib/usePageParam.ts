import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's zero-based page, kept in the URL (`?page=`, the server's numbering, as the post lists do) so back,
 * forward and reload come back to it. The first page leaves the parameter out; `replace` corrects the page
 * without a history entry (a page that emptied).
 */
export function usePageParam(): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Math.floor(Number(params.get('page'))) || 0);
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 0) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: options?.replace },
      ),
    [setParams],
  );
  return [page, setPage];
}
