import type { Me } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from '../api/client';
import { keys } from '../api/keys';
import { useAuth } from './store';

/**
 * Whether I am an operator now (GET /api/users/me's `operator`, the account's read): false for a visitor, undefined
 * while it is read. `enabled: false` reads nothing (a menu that is closed).
 */
export function useOperator(enabled = true): boolean | undefined {
  const { token } = useAuth();
  const { data, isError } = useQuery({
    queryKey: keys.account,
    queryFn: () => get<Me>('/users/me'),
    enabled: enabled && !!token,
    staleTime: 60_000,
  });
  if (!token || isError) return false;
  return data === undefined ? undefined : data.operator === true;
}
