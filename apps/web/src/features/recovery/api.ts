import type { ChangePasswordBody, MaskedLoginId } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../shared/api/client';

/** docs/api.md §3.11. The reset grant travels as an HttpOnly cookie: same-origin fetch stores and sends it. */
export const recoveryApi = {
  checkEmail: (email: string) => post<void>('/users/check-email', { email }),
  sendFindIdCode: (email: string) => post<string>('/find/send-code', { email }),
  verifyFindIdCode: (email: string, code: string) => post<MaskedLoginId[]>('/find/verify-code', { email, code }),
  checkLoginIdEmail: (loginId: string, email: string) => post<void>('/users/check-loginid-email', { loginId, email }),
  sendPasswordCode: (loginId: string, email: string) => post<string>('/find-password/send-code', { loginId, email }),
  verifyPasswordCode: (loginId: string, email: string, code: string) =>
    post<boolean>('/find-password/verify-code', { loginId, email, code }),
  changePassword: (body: ChangePasswordBody) => post<string>('/change-password', body),
};

// Nothing here is cached: these mutations own no invalidation, only their pending state.
export const useCheckEmail = () => useMutation({ mutationFn: recoveryApi.checkEmail });
export const useCheckLoginIdEmail = () =>
  useMutation({ mutationFn: (v: { loginId: string; email: string }) => recoveryApi.checkLoginIdEmail(v.loginId, v.email) });
export const useChangePassword = () => useMutation({ mutationFn: recoveryApi.changePassword });
