import type { BookmarkItem, BookmarkState, Page } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, put } from '../../shared/api/client';
import { useVisitRefetch } from '../../shared/api/first-load';
import { auth } from '../../shared/auth/store';

export type { BookmarkItem } from '@app/contract';

/**
 * Bookmarks (관심 공고): routes beyond the contract, README "API beyond the contract". The keys name the session
 * (its token), so after a logout and another login nobody sees the previous user's bookmarks.
 */
export const bookmarkKeys = {
  ids: (token: string | null) => ['bookmarks', 'ids', token] as const,
  state: (postId: number, token: string | null) => ['bookmarks', 'state', postId, token] as const,
  list: (page: number, token: string | null) => ['bookmarks', 'list', page, token] as const,
};

/** The ids of the posts I bookmarked (one read for every card on a page); empty when logged out. */
export function useBookmarkedIds(token: string | null): Set<number> {
  const { data } = useQuery({
    queryKey: bookmarkKeys.ids(token),
    queryFn: () => get<number[]>('/bookmarks/ids'),
    enabled: !!token,
    staleTime: 30_000,
    select: (ids) => new Set(ids),
  });
  return token && data ? data : EMPTY;
}
const EMPTY = new Set<number>();

/** A post's bookmark count and my bookmark of it (the detail). */
export function useBookmarkState(postId: number, token: string | null) {
  const queryKey = bookmarkKeys.state(postId, token);
  return useQuery({ ...bookmarkStateQuery(postId, token), staleTime: 0, refetchOnMount: useVisitRefetch(queryKey) });
}

/** The read of a bookmark state; a server-rendered detail carries a visitor's (count only). */
export const bookmarkStateQuery = (postId: number, token: string | null) => ({
  queryKey: bookmarkKeys.state(postId, token),
  queryFn: () => get<BookmarkState>(`/bookmarks/${postId}`),
});

export function useBookmarks(page: number) {
  return useQuery({
    queryKey: bookmarkKeys.list(page, auth.token()),
    queryFn: () => get<Page<BookmarkItem>>(`/bookmarks?page=${page}`),
    staleTime: 0,
  });
}

/** PUT to bookmark, DELETE to remove: both idempotent, so a double tap or a retry changes nothing more. */
export function useToggleBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, on }: { postId: number; on: boolean }) =>
      on ? put<BookmarkState>(`/bookmarks/${postId}`) : del<BookmarkState>(`/bookmarks/${postId}`),
    onSuccess: (state) => {
      const token = auth.token();
      client.setQueryData<number[]>(
        bookmarkKeys.ids(token),
        (ids) =>
          ids &&
          (state.bookmarked ? [state.postId, ...ids.filter((i) => i !== state.postId)] : ids.filter((i) => i !== state.postId)),
      );
      client.setQueryData(bookmarkKeys.state(state.postId, token), state);
      return client.invalidateQueries({ queryKey: ['bookmarks', 'list'] });
    },
  });
}
