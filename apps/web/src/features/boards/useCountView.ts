import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFirstLoad } from '../../shared/api/first-load';
import { keys } from '../../shared/api/keys';
import { boardsApi, useBoardDetail } from './api';

/**
 * Counts one view when a post is opened (the server de-duplicates per viewer), as a mutation, and reports when
 * that call has settled, so the detail read after it already includes this view. A failed count never blocks
 * the page.
 */
export function useCountView(boardId: string): boolean {
  const { mutate, variables, isSuccess, isError } = useMutation({ mutationFn: boardsApi.countView, meta: { quiet: true } });
  useEffect(() => mutate(boardId), [boardId, mutate]);
  return (isSuccess || isError) && variables === boardId;
}

/**
 * A board post with one page of replies, read once this view is counted. A detail that came inside the
 * server-rendered page was read before this view: it shows at once and is read again once the view is in.
 */
export function useViewedBoardDetail(boardId: string, page: number) {
  const viewed = useCountView(boardId);
  const detail = useBoardDetail(boardId, page, viewed);
  const client = useQueryClient();
  const fromPage = useFirstLoad(keys.boards.detail(boardId, 0));
  useEffect(() => {
    if (viewed && fromPage) void client.invalidateQueries({ queryKey: keys.boards.detail(boardId, 0), exact: true });
  }, [viewed, fromPage, boardId, client]);
  return detail;
}
