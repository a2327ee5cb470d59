/** Korean texts of sign-in with other accounts (docs/api.md §10.3); the redirect codes' texts are in @app/contract. */
export const TEXTS = {
  codeInvalid: '로그인 코드가 올바르지 않거나 만료되었습니다. 다시 로그인해주세요.',
  signupExpired: '회원가입 시간이 만료되었습니다. 소셜 로그인을 다시 시도해주세요.',
  identityInUse: '이미 다른 계정에 연결된 소셜 계정입니다.',
  passwordExists: '이미 비밀번호가 설정된 계정입니다.',
  passwordSet: '아이디와 비밀번호가 설정되었습니다.',
  identityNotLinked: '연결되지 않은 계정입니다.',
  lastLoginMethod: '마지막 로그인 수단은 해제할 수 없습니다. 비밀번호를 설정하거나 다른 계정을 먼저 연결해주세요.',
  unlinked: '계정 연결이 해제되었습니다.',
} as const;
