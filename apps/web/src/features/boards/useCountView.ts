import { useEffect, useState } from 'react';
import { boardsApi } from './api';

/**
 * Counts one view when a post is opened (the server de-duplicates per viewer) and reports when that call
 * has settled, so the detail read after it already includes this view. A failed count never blocks the page.
 */
export function useCountView(boardId: string): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    boardsApi
      .countView(boardId)
      .catch(() => {})
      .finally(() => live && setSettled(boardId));
    return () => {
      live = false;
    };
  }, [boardId]);
  return settled === boardId;
}
