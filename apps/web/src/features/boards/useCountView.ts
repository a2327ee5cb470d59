import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { boardsApi } from './api';

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
