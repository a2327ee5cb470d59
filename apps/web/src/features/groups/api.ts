import type { Group, GroupMember, MyGroup, ScheduleDetail, ScheduleTotal, UpdateGroupBody } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, del, get, post, put } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';
import type { Me } from '../../shared/auth/useMe';

export type { Group, GroupMember, MyGroup, ScheduleDetail, ScheduleTotal } from '@app/contract';

export const groupsApi = {
  group: (id: string) => get<Group>(`/groups/${id}`),
  members: (id: string) => get<GroupMember[]>(`/group/${id}/members`),
  myGroups: () => get<MyGroup[]>('/groups/my-groups'),
  update: (id: number, body: UpdateGroupBody) => put<Group>(`/groups/${id}`, body),
  remove: (id: number) => del<void>(`/groups/${id}`),
  leave: (id: number) => del<string>(`/groups/${id}/leave`),
  invite: (id: number, nickname: string) => post<string>(`/groups/${id}/invite`, { nickname }),
  kick: (id: number, userId: number) => del<string>(`/groups/${id}/remove/${userId}`),
  totals: (groupId: string) => get<ScheduleTotal[]>(`/schedules/total/${groupId}`),
  day: (groupId: string, date: string) => get<ScheduleDetail[]>(`/schedules/detail/${groupId}?date=${date}`),
  addEntry: (groupId: number, date: string, content: string) => post<number>('/schedules', { groupId, date, content }),
  editEntry: (groupId: number, writerId: number, date: string, content: string) =>
    put<void>('/schedules', { groupId, writerId, date, content }),
  removeEntry: (groupId: number, writerId: number, date: string) => del<void>('/schedules', { groupId, writerId, date }),
};

const groupKeys = keys.groups;

export const useGroup = (id: string) => useQuery({ queryKey: groupKeys.detail(id), queryFn: () => groupsApi.group(id) });
export const useMembers = (id: string) => useQuery({ queryKey: groupKeys.members(id), queryFn: () => groupsApi.members(id) });
export const useMyGroups = () => useQuery({ queryKey: groupKeys.mine, queryFn: groupsApi.myGroups });
export const useScheduleTotals = (groupId: string) =>
  useQuery({ queryKey: groupKeys.totals(groupId), queryFn: () => groupsApi.totals(groupId) });
export const useScheduleDay = (groupId: string, date: string) =>
  useQuery({ queryKey: groupKeys.day(groupId, date), queryFn: () => groupsApi.day(groupId, date) });

/** My row among the members (`me` from useMe), matched by user id. */
export function findMe(members: GroupMember[] | undefined, me: Me | null): GroupMember | undefined {
  return me ? members?.find((m) => m.userId === me.id) : undefined;
}

/** A failure's text for "else text or {fallback}": the server's text, 서버 오류 발생 when unreachable. */
export function failureText(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return e.status === 0 ? '서버 오류 발생' : e.message || fallback;
  return '서버 오류 발생';
}

function useGroupMutation<V, R>(fn: (vars: V) => Promise<R>, keys: (vars: V) => ReadonlyArray<readonly unknown[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, vars) => Promise.all(keys(vars).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useInvite = () =>
  useGroupMutation(
    (v: { groupId: number; nickname: string }) => groupsApi.invite(v.groupId, v.nickname),
    () => [groupKeys.all],
  );
export const useKick = () =>
  useGroupMutation(
    (v: { groupId: number; userId: number }) => groupsApi.kick(v.groupId, v.userId),
    () => [groupKeys.all],
  );
export const useLeave = () =>
  useGroupMutation(
    (groupId: number) => groupsApi.leave(groupId),
    () => [groupKeys.all],
  );
export const useUpdateGroup = () =>
  useGroupMutation(
    (v: { groupId: number; body: UpdateGroupBody }) => groupsApi.update(v.groupId, v.body),
    () => [groupKeys.all],
  );
export const useDeleteGroup = () =>
  useGroupMutation(
    (groupId: number) => groupsApi.remove(groupId),
    // my posts list the post again once its group is deleted
    () => [groupKeys.all, keys.posts.mine],
  );

interface EntryVars {
  groupId: number;
  writerId: number;
  date: string;
  content: string;
}
const scheduleKeys = (v: { groupId: number }) => [groupKeys.schedules(String(v.groupId))];
export const useAddEntry = () =>
  useGroupMutation((v: EntryVars) => groupsApi.addEntry(v.groupId, v.date, v.content), scheduleKeys);
export const useEditEntry = () =>
  useGroupMutation((v: EntryVars) => groupsApi.editEntry(v.groupId, v.writerId, v.date, v.content), scheduleKeys);
export const useRemoveEntry = () =>
  useGroupMutation((v: Omit<EntryVars, 'content'>) => groupsApi.removeEntry(v.groupId, v.writerId, v.date), scheduleKeys);
