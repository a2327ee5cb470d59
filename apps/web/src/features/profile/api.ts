import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyProfileInfo } from '@app/contract';
import { ApiError, get, post, put } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export const PRIVATE_CONTACT = '비공개';

export type Profile = MyProfileInfo;

export interface ProfileBody {
  contact: string;
  field: string;
  techStacks: string[];
}

/** The profile, or null when the user has none (the server answers 404). */
async function myProfile(): Promise<Profile | null> {
  try {
    return await get<Profile>('/user-info/my-info');
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export const profileApi = {
  create: (body: ProfileBody) => post<unknown>('/user-info', body),
  update: (body: ProfileBody) => put<unknown>('/user-info', body),
};

/** Registers (or, editing, updates) the application profile; the cached profile is read again. */
export function useSaveProfile(editing: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => (editing ? profileApi.update(body) : profileApi.create(body)),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.profile }),
  });
}

export const useMyProfile = () => useQuery({ queryKey: keys.profile, queryFn: myProfile });
