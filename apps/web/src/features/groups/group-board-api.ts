import type { GroupLink, LinkBody, Notice, NoticeBody } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, post, put } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export type { GroupLink, Notice } from '@app/contract';

/** The group board: the group's notices (공지) and shared links (자료), docs/api.md §9.2 and §9.3. */
export const groupBoardApi = {
  notices: (groupId: number) => get<Notice[]>(`/groups/${groupId}/notices`),
  addNotice: (groupId: number, body: NoticeBody) => post<Notice>(`/groups/${groupId}/notices`, body),
  editNotice: (groupId: number, noticeId: number, body: NoticeBody) =>
    put<Notice>(`/groups/${groupId}/notices/${noticeId}`, body),
  removeNotice: (groupId: number, noticeId: number) => del<string>(`/groups/${groupId}/notices/${noticeId}`),
  links: (groupId: number) => get<GroupLink[]>(`/groups/${groupId}/links`),
  addLink: (groupId: number, body: LinkBody) => post<GroupLink>(`/groups/${groupId}/links`, body),
  removeLink: (groupId: number, linkId: number) => del<string>(`/groups/${groupId}/links/${linkId}`),
};

export const groupBoardKeys = { notices: keys.groups.notices, links: keys.groups.links };

export const useNotices = (groupId: number) =>
  useQuery({ queryKey: groupBoardKeys.notices(groupId), queryFn: () => groupBoardApi.notices(groupId) });
export const useLinks = (groupId: number) =>
  useQuery({ queryKey: groupBoardKeys.links(groupId), queryFn: () => groupBoardApi.links(groupId) });

/** A write that refreshes one of the group's lists once it succeeds. */
function useGroupBoardMutation<V, R>(key: readonly unknown[], fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

/** Saves a notice: a new one without `noticeId`, else that one. */
export const useSaveNotice = (groupId: number) =>
  useGroupBoardMutation(groupBoardKeys.notices(groupId), (v: { noticeId?: number; body: NoticeBody }) =>
    v.noticeId === undefined ? groupBoardApi.addNotice(groupId, v.body) : groupBoardApi.editNotice(groupId, v.noticeId, v.body),
  );
export const useRemoveNotice = (groupId: number) =>
  useGroupBoardMutation(groupBoardKeys.notices(groupId), (noticeId: number) => groupBoardApi.removeNotice(groupId, noticeId));
export const useAddLink = (groupId: number) =>
  useGroupBoardMutation(groupBoardKeys.links(groupId), (body: LinkBody) => groupBoardApi.addLink(groupId, body));
export const useRemoveLink = (groupId: number) =>
  useGroupBoardMutation(groupBoardKeys.links(groupId), (linkId: number) => groupBoardApi.removeLink(groupId, linkId));

/** The first non-blank line of a notice (the pinned banner's preview). */
export const firstLine = (content: string) => content.split('\n').find((line) => line.trim()) ?? '';
