import type { BoardDetail, BoardItem, CreateBoardBody, Page, Reply, UpdateBoardBody } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, post, put } from '../../shared/api/client';
import { useVisitRefetch } from '../../shared/api/first-load';
import { keys } from '../../shared/api/keys';

export interface BoardSearchParams {
  searchType: string;
  keyword: string;
  category: string;
  page: number;
  /** absent for newest first, so the key of a server-rendered page stays the one it was filled under */
  order?: 'relevance';
}

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

export const boardsApi = {
  search: (p: BoardSearchParams) => get<Page<BoardItem>>(`/boards/search?${qs({ ...p })}`),
  my: (page: number) => get<Page<BoardItem>>(`/boards/my?page=${page}`),
  detail: (id: string, page: number) => get<BoardDetail>(`/boards/${id}?page=${page}`),
  countView: (id: string) => post<void>(`/boards/${id}/view`),
  create: (body: CreateBoardBody) => post<string>('/boards', body),
  update: (id: string, body: UpdateBoardBody) => put<string>(`/boards/${id}`, body),
  remove: (id: string) => del<string>(`/boards/${id}`),
  addReply: (body: { boardId: number; content: string; parentReplyId: number | null }) => post<Reply>('/replies', body),
  editReply: (id: number, content: string) => put<Reply>(`/replies/${id}`, { content }),
  removeReply: (id: number) => del<string>(`/replies/${id}`),
};

const boardKeys = keys.boards;

/** A board page; the one a server-rendered page brought is not read again on its first mount. */
export function useBoardSearch(p: BoardSearchParams) {
  const queryKey = boardKeys.search(p);
  const refetchOnMount = useVisitRefetch(queryKey);
  return useQuery({ queryKey, queryFn: () => boardsApi.search(p), placeholderData: (prev) => prev, refetchOnMount });
}

/**
 * A board post with a page of replies; `enabled` waits for the view count. A detail that came inside the
 * server-rendered page shows meanwhile and, stale from the start, is read once when enabled (no second read).
 */
export const useBoardDetail = (id: string, page: number, enabled = true) =>
  useQuery({
    queryKey: boardKeys.detail(id, page),
    queryFn: () => boardsApi.detail(id, page),
    placeholderData: (prev) => prev,
    enabled,
  });

export const useMyBoards = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: boardKeys.minePage(page),
    queryFn: () => boardsApi.my(page),
    enabled,
    placeholderData: (prev) => prev,
  });

/**
 * After a write every cached board list and detail is read again (titles, reply counts and replies show in
 * several), except the detail of a post just deleted, which would only answer 404.
 */
function useRefreshBoards() {
  const client = useQueryClient();
  return (deletedId?: string) =>
    Promise.all([
      client.invalidateQueries({
        queryKey: boardKeys.all,
        predicate: (q) => deletedId === undefined || !(q.queryKey[1] === 'detail' && q.queryKey[2] === deletedId),
      }),
      client.invalidateQueries({ queryKey: boardKeys.mine }),
    ]);
}

function useBoardWrite<V, R>(mutationFn: (vars: V) => Promise<R>, deletedId?: string) {
  const refresh = useRefreshBoards();
  return useMutation({ mutationFn, onSuccess: () => refresh(deletedId) });
}

export const useCreateBoard = () => useBoardWrite(boardsApi.create);
export const useUpdateBoard = (id: string) => useBoardWrite((body: UpdateBoardBody) => boardsApi.update(id, body));
export const useDeleteBoard = (id: string) => useBoardWrite(() => boardsApi.remove(id), id);
export const useAddReply = () => useBoardWrite(boardsApi.addReply);
export const useEditReply = () =>
  useBoardWrite(({ id, content }: { id: number; content: string }) => boardsApi.editReply(id, content));
export const useDeleteReply = () => useBoardWrite(boardsApi.removeReply);
