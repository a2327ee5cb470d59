import type {
  LoginBody,
  LoginResponse,
  Me,
  RegisterBody,
  RegisterSocialBody,
  SetPasswordBody,
  UpdateUserBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { del, get, post, put, sessionExpired } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';
import { auth, useAuth } from '../../shared/auth/store';

export const accountApi = {
  login: (body: LoginBody) => post<LoginResponse>('/auth/login', body),
  register: (body: RegisterBody) => post<string>('/users/register', body),
  loginIdTaken: (loginId: string) => post<boolean>('/users/check-loginid', { loginId }),
  nicknameTaken: (nickname: string) => post<boolean>('/users/check-nickname', { nickname }),
  account: () => get<Me>('/users/me'),
  update: (id: number, body: UpdateUserBody) => put<string>(`/users/${id}`, body),
  withdraw: (id: number) => del<string>(`/users/${id}`),
  /** the sign-up of a social account (docs/api.md §10.3) */
  registerSocial: (body: RegisterSocialBody) => post<{ token: string; nickname: string }>('/users/register-social', body),
  /** the first login id and password of an account that has none */
  setPassword: (body: SetPasswordBody) => post<string>('/users/me/password', body),
};

/** The account for the my-info pages; says 사용자 정보를 불러올 수 없습니다. when it cannot be read (a 401 is already said). */
export function useMyAccount() {
  const { token } = useAuth();
  const account = useQuery({ queryKey: keys.account, queryFn: accountApi.account, enabled: !!token });
  const { error } = account;
  useEffect(() => {
    if (error && !sessionExpired(error)) alert('사용자 정보를 불러올 수 없습니다.');
  }, [error]);
  return account;
}

/**
 * Logs in; the page starts the session (`auth.login`) in its own success callback, after which it leaves: a new
 * session mounts the page afresh (shared/auth/session.ts), and the callbacks of an unmounted page never run.
 */
export const useLogin = () => useMutation({ mutationFn: accountApi.login });

export const useRegister = () => useMutation({ mutationFn: accountApi.register });

/** Saves the account; the header's nickname and every cached read of /users/me follow. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => accountApi.update(id, body),
    onSuccess: (_text, { body }) => {
      auth.setNickname(body.nickname);
      return client.invalidateQueries({ queryKey: keys.account });
    },
  });
}

/** Withdraws; the caller leaves the guarded page before ending the session (so no login prompt shows). */
export const useWithdraw = () => useMutation({ mutationFn: accountApi.withdraw });

export const useRegisterSocial = () => useMutation({ mutationFn: accountApi.registerSocial });

/** Sets the first login id and password; the sign-in methods and the account (its login id) are read again. */
export function useSetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountApi.setPassword,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.identities }),
        client.invalidateQueries({ queryKey: keys.account }),
      ]),
  });
}
