import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedUser } from '@app/contract';
import { del, get, put } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export type { BlockedUser } from '@app/contract';

/** 차단 (docs/api.md §9.4): my 차단 목록, shared by the 쪽지 detail, the members page and my info. */
export const blockKeys = { list: keys.blocks };

export const blockConfirmText = (nickname: string) =>
  `${nickname}님을 차단하시겠습니까? 차단하면 서로 쪽지를 주고받거나 그룹에 초대할 수 없습니다.`;

export const useBlocks = (enabled = true) =>
  useQuery({ queryKey: blockKeys.list, queryFn: () => get<BlockedUser[]>('/blocks'), enabled });

function useBlockMutation(call: (userId: number) => Promise<string>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: blockKeys.list }) });
}

export const useBlock = () => useBlockMutation((userId) => put<string>(`/blocks/${userId}`));
export const useUnblock = () => useBlockMutation((userId) => del<string>(`/blocks/${userId}`));
