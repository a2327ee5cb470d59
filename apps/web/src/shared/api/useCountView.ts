import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The one view rule of the details (both post kinds and boards): opening a detail counts one view (the server
 * de-duplicates per viewer), and the detail is read after that call has settled, so the count shown includes
 * this view. A failed count never blocks the page. The call is a quiet mutation: a view sends no 쪽지 (the
 * badge does not catch up after it, shared/api/query-client.ts).
 *
 * `flag` names a browser flag that marks the view as sent for good: it is set before the call (a second mount
 * cannot send it twice) and cleared when the call fails (product spec: a post's view once per browser).
 *
 * Returns true once the view of `id` has settled.
 */
export function useCountView(id: string, count: (id: string) => Promise<unknown>, flag?: (id: string) => string): boolean {
  const { mutate, variables, isSuccess } = useMutation({
    meta: { quiet: true },
    mutationFn: async (target: string) => {
      const key = flag?.(target);
      if (key !== undefined) {
        if (localStorage.getItem(key)) return;
        localStorage.setItem(key, 'true');
      }
      try {
        await count(target);
      } catch {
        if (key !== undefined) localStorage.removeItem(key);
      }
    },
  });
  useEffect(() => mutate(id), [id, mutate]);
  return isSuccess && variables === id;
}
