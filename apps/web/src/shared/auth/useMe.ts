import type { Me } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from '../api/client';
import { keys } from '../api/keys';
import { useAuth } from './store';

/** The signed-in account (GET /api/users/me), one cached read for every area; idle when logged out. */
export function useMe() {
  const { token } = useAuth();
  return useQuery({ queryKey: keys.me, queryFn: () => get<Me>('/users/me'), enabled: !!token });
}
