import type { BookmarkItem, BookmarkState, Page } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, put } from '../../shared/api/client';
import { useVisitRefetch } from '../../shared/api/first-load';
import { keys } from '../../shared/api/keys';
import { auth } from '../../shared/auth/store';

export type { BookmarkItem } from '@app/contract';

/**
 * Bookmarks (관심 공고): docs/api.md §9.5, docs/product-decisions.md. Per-person reads: the
 * session owner drops them when the session changes (shared/auth/session.ts).
 */
const bookmarkKeys = keys.bookmarks;

/** The ids of the posts I bookmarked (one read for every card on a page, reused for half a minute); empty when logged out. */
export function useBookmarkedIds(token: string | null): Set<number> {
  const { data } = useQuery({
    queryKey: bookmarkKeys.ids,
    queryFn: () => get<number[]>('/bookmarks/ids'),
    enabled: !!token,
    staleTime: 30_000,
    select: (ids) => new Set(ids),
  });
  return token && data ? data : EMPTY;
}
const EMPTY = new Set<number>();

/** A post's bookmark count and my bookmark of it (the detail). */
export function useBookmarkState(postId: number) {
  const query = bookmarkStateQuery(postId);
  const visit = useVisitRefetch(query.queryKey);
  // the server-rendered detail carries a visitor's state (the count): a member reads their own at once
  return useQuery({ ...query, refetchOnMount: auth.token() ? true : visit });
}

/** The read of a bookmark state; a server-rendered detail carries a visitor's (count only). */
export const bookmarkStateQuery = (postId: number) => ({
  queryKey: bookmarkKeys.state(postId),
  queryFn: () => get<BookmarkState>(`/bookmarks/${postId}`),
});

export function useBookmarks(page: number) {
  return useQuery({ queryKey: bookmarkKeys.list(page), queryFn: () => get<Page<BookmarkItem>>(`/bookmarks?page=${page}`) });
}

/** PUT to bookmark, DELETE to remove: both idempotent, so a double tap or a retry changes nothing more. */
export function useToggleBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, on }: { postId: number; on: boolean }) =>
      on ? put<BookmarkState>(`/bookmarks/${postId}`) : del<BookmarkState>(`/bookmarks/${postId}`),
    onSuccess: (state) => {
      client.setQueryData<number[]>(
        bookmarkKeys.ids,
        (ids) =>
          ids &&
          (state.bookmarked ? [state.postId, ...ids.filter((i) => i !== state.postId)] : ids.filter((i) => i !== state.postId)),
      );
      client.setQueryData(bookmarkKeys.state(state.postId), state);
      return client.invalidateQueries({ queryKey: bookmarkKeys.lists });
    },
  });
}
