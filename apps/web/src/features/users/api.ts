import type { UserRecord } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export type { UserRecord } from '@app/contract';

export const useRecord = (userId: string, enabled = true) =>
  useQuery({
    queryKey: keys.record(userId),
    queryFn: () => get<UserRecord>(`/users/${userId}/record`),
    retry: false,
    enabled,
  });

/** Whose page a nickname leads to (a post shows its author by nickname only). */
export const useNicknameLookup = (nickname: string | undefined) =>
  useQuery({
    queryKey: keys.userLookup(nickname ?? ''),
    queryFn: () => get<{ userId: number; nickname: string }>(`/users/lookup?nickname=${encodeURIComponent(nickname ?? '')}`),
    retry: false,
    enabled: nickname !== undefined,
  });
