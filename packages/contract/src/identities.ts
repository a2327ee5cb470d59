import { z } from 'zod';
import { emailField, loginIdField, nicknameField, passwordField, phoneField } from './account.js';
import { fieldsBody } from './text.js';

/** Sign in with another account (docs/api.md §10.3). The order is the order of the buttons. */
export const OAUTH_PROVIDERS = ['kakao', 'naver', 'github', 'google'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const isOAuthProvider = (p: unknown): p is OAuthProvider => OAUTH_PROVIDERS.includes(p as OAuthProvider);

export const OAUTH_PROVIDER_LABELS: Record<OAuthProvider, string> = {
  kakao: '카카오',
  naver: '네이버',
  github: 'GitHub',
  google: 'Google',
};

/** The button labels of /login and /signup. */
export const OAUTH_START_LABELS: Record<OAuthProvider, string> = {
  kakao: '카카오로 시작하기',
  naver: '네이버로 시작하기',
  github: 'GitHub로 시작하기',
  google: 'Google로 시작하기',
};

/** How long the one-time sign-in code of `/oauth/done#code=…` lives. */
export const OAUTH_EXCHANGE_CODE_TTL_SECONDS = 60;

/**
 * A failed sign-in ends at `/login?oauthError={code}&provider={provider}` (provider left out when unknown). The
 * page shows the text of the code (`{provider}` replaced by the provider's label); an unknown code shows `failed`.
 * Only the code travels in the address, so nobody can make our login page show a text of their own.
 */
export const OAUTH_ERROR_TEXTS = {
  state_invalid: '로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해주세요.',
  cancelled: '{provider} 로그인이 취소되었습니다.',
  provider_failed: '{provider}에서 응답을 받지 못했습니다. 잠시 후 다시 시도해주세요.',
  email_unverified: '{provider} 계정의 이메일이 인증되지 않았습니다. {provider}에서 이메일을 인증한 뒤 다시 시도해주세요.',
  failed: '소셜 로그인에 실패했습니다. 다시 시도해주세요.',
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERROR_TEXTS;

/** A link flow ends at `/myinfo?linked={provider}` or `/myinfo?linkError={code}&provider={provider}`. */
export const OAUTH_LINK_TEXTS = {
  linked: '{provider} 계정이 연결되었습니다.',
  identity_in_use: '이미 다른 계정에 연결된 {provider} 계정입니다.',
  link_expired: '계정 연결 요청이 만료되었거나 이미 사용되었습니다. 다시 시도해주세요.',
  wrong_browser: '계정 연결은 연결을 요청한 브라우저에서만 진행할 수 있습니다. 내 정보에서 다시 시도해주세요.',
  already_linked: '이미 {provider} 계정이 연결되어 있습니다.',
  state_invalid: OAUTH_ERROR_TEXTS.state_invalid,
  cancelled: '{provider} 계정 연결이 취소되었습니다.',
  provider_failed: OAUTH_ERROR_TEXTS.provider_failed,
  failed: '계정 연결에 실패했습니다. 다시 시도해주세요.',
} as const;
export type OAuthLinkCode = Exclude<keyof typeof OAUTH_LINK_TEXTS, 'linked'>;

/** The text of a redirect code, with the provider's label in it. */
export function oauthText(template: string, provider: string | null | undefined): string {
  const label = isOAuthProvider(provider) ? OAUTH_PROVIDER_LABELS[provider] : '소셜 계정';
  return template.replaceAll('{provider}', label);
}

/** How a find-login-id result names an account that has no login id (docs/api.md §10.3 †). */
export const socialAccountLabel = (providers: readonly string[]) =>
  `소셜 계정 (${providers.map((p) => (isOAuthProvider(p) ? OAUTH_PROVIDER_LABELS[p] : p)).join(', ')})`;
export const SOCIAL_ACCOUNT_RECOVERY_TEXT =
  '소셜 계정은 연결된 서비스로 로그인한 뒤 내 정보에서 아이디와 비밀번호를 설정할 수 있습니다.';

export const providerParams = z.object({ provider: z.string() });

export const oauthStartQuery = z.object({ from: z.unknown().optional(), link: z.unknown().optional() });

export const oauthLinkResponse = z.object({ url: z.string() });

export const oauthExchangeBody = fieldsBody({ code: z.unknown().optional() });
export type OAuthExchangeBody = { code: string };

export const oauthExchangeResponse = z.union([
  z.object({ token: z.string(), nickname: z.string(), from: z.string() }),
  z.object({
    signupToken: z.string(),
    suggested: z.object({ nickname: z.string().nullable(), email: z.string().nullable() }),
  }),
]);
export type OAuthExchangeResponse = z.infer<typeof oauthExchangeResponse>;

/** The §3.1 sign-up fields a social account has, in the sign-up's check order. */
export const registerSocialBody = fieldsBody({
  signupToken: z.unknown().optional(),
  email: emailField,
  phoneNumber: phoneField,
  nickname: nicknameField,
});
export type RegisterSocialBody = { signupToken: string; nickname: string; phoneNumber: string; email: string };

export const registerSocialResponse = z.object({ token: z.string(), nickname: z.string() });

export const setPasswordBody = fieldsBody({ loginId: loginIdField, password: passwordField });
export type SetPasswordBody = { loginId: string; password: string };

export const identitiesResponse = z.object({
  hasPassword: z.boolean(),
  identities: z.array(z.object({ provider: z.enum(OAUTH_PROVIDERS), linkedDateTime: z.string() })),
});
export type IdentitiesResponse = z.infer<typeof identitiesResponse>;
