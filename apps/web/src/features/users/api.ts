import type { UserRecord } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export type { UserRecord } from '@app/contract';

export const useRecord = (userId: string) =>
  useQuery({
    queryKey: keys.record(userId),
    queryFn: () => get<UserRecord>(`/users/${userId}/record`),
    retry: false,
  });
