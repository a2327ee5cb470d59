/** The recovery screens' texts, word for word (the server's refusals are in docs/api.md §6). */
export const T = {
  emailRegistered: '가입된 이메일입니다. 해당 이메일로 인증을 진행해주세요.',
  emailUnknown: '가입 이력이 없습니다.',
  codeSent: '인증 코드가 이메일로 전송되었습니다.',
  codeSendFailed: '인증 코드 전송 실패',
  findIdCodeWrong: '인증 코드가 올바르지 않습니다.',
  pairConfirmed: '입력한 정보가 확인되었습니다.',
  pairRecheck: '입력한 정보를 다시 확인해주세요.',
  passwordCodeWrong: '인증 실패. 코드를 다시 확인해주세요.',
  passwordChanged: '새 비밀번호가 성공적으로 등록되었습니다.',
  passwordChangeFailed: '비밀번호 변경 실패.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  passwordMatch: '비밀번호가 일치합니다.',
  noAccess: '접근할 수 없습니다.',
  badAccess: '잘못된 접근입니다.',
  noLoginIds: '등록된 아이디가 없습니다.',
  timeUp: '시간 초과',
} as const;
