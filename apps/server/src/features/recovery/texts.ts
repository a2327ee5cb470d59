/** Korean texts of account recovery (docs/api.md §6). */
export const TEXTS = {
  codeSent: '인증 코드가 이메일로 전송되었습니다.',
  passwordChanged: '새로운 비밀번호가 성공적으로 등록 되었습니다.',
  emailNotFound: '해당 이메일로 가입한 이력이 없습니다.',
  loginIdNotFound: '존재하지 않는 아이디 입니다.',
  emailMismatch: '입력한 이메일이 등록된 이메일과 다릅니다.',
  codeInvalid: '인증 코드가 일치하지 않습니다.',
  codeExpired: '인증 코드가 만료되었습니다. 인증 코드를 다시 받아주세요.',
  codeAttemptsExceeded: '인증 시도 횟수를 초과했습니다. 인증 코드를 다시 받아주세요.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  resetGrantRequired: '비밀번호 재설정 인증이 필요합니다.',
  mailFailed: '인증 코드 전송에 실패했습니다. 잠시 후 다시 시도해주세요.',
} as const;

/** The mails of docs/api.md §6.5: plain text; the code lines are fixed. */
export const MAILS = {
  findIdSubject: '아이디 찾기 인증 코드',
  findPasswordSubject: '비밀번호 찾기 인증 코드',
  findIdCodeLine: (code: string) => `인증 코드 : ${code}`,
  findPasswordCodeLine: (code: string) => `인증 코드: ${code}`,
  validity: '인증 코드는 3분 동안 유효합니다.',
  ignore: '본인이 요청하지 않았다면 이 메일을 무시해주세요.',
  changedSubject: '비밀번호 변경 안내',
  changedLine: (maskedLoginId: string, seoulTime: string) =>
    `${maskedLoginId} 계정의 비밀번호가 ${seoulTime} (한국 시간)에 변경되었습니다.`,
  changedAdvice: '본인이 변경하지 않았다면 즉시 비밀번호 찾기를 통해 비밀번호를 다시 설정해주세요.',
} as const;
