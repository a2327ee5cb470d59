import type { LoginBody, LoginResponse, Me, RegisterBody, UpdateUserBody } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { del, get, post, put } from '../../shared/api/client';

export const accountApi = {
  login: (body: LoginBody) => post<LoginResponse>('/auth/login', body),
  register: (body: RegisterBody) => post<string>('/users/register', body),
  loginIdTaken: (loginId: string) => post<boolean>('/users/check-loginid', { loginId }),
  nicknameTaken: (nickname: string) => post<boolean>('/users/check-nickname', { nickname }),
  me: () => get<Me>('/users/me'),
  update: (id: number, body: UpdateUserBody) => put<string>(`/users/${id}`, body),
  withdraw: (id: number) => del<string>(`/users/${id}`),
};

export const meKey = ['users', 'me'] as const;
export const useMe = () => useQuery({ queryKey: meKey, queryFn: accountApi.me });
