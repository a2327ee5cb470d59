import type { IdentitiesResponse, OAuthExchangeResponse, OAuthProvider } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, post } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

/** Sign-in with Kakao, Naver, GitHub and Google (docs/api.md §10.3). */
export const socialApi = {
  providers: () => get<OAuthProvider[]>('/auth/providers'),
  exchange: (code: string) => post<OAuthExchangeResponse>('/auth/oauth/exchange', { code }),
  identities: () => get<IdentitiesResponse>('/users/me/identities'),
  link: (provider: OAuthProvider) => post<{ url: string }>(`/auth/oauth/${provider}/link`),
  unlink: (provider: OAuthProvider) => del<string>(`/users/me/identities/${provider}`),
};

/** Where a provider button goes: the server's start route, which comes back to `from` (a path of this site). */
export const startUrl = (provider: OAuthProvider, from: string) =>
  `/api/auth/oauth/${provider}/start?from=${encodeURIComponent(from)}`;

/** The configured providers; they change only with the server's configuration. */
export const useProviders = () =>
  useQuery({ queryKey: keys.oauthProviders, queryFn: socialApi.providers, staleTime: 10 * 60_000 });

export const useIdentities = () => useQuery({ queryKey: keys.identities, queryFn: socialApi.identities });

export function useUnlink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: socialApi.unlink,
    onSettled: () => client.invalidateQueries({ queryKey: keys.identities }),
  });
}
