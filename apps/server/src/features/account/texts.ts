/** The Korean texts of the account area, exactly as docs/api.md gives them. */
export const NO_ACCESS = '정보에 접근할 권한이 없습니다.';
export const REGISTERED = '회원가입이 완료되었습니다.';
export const ACCOUNT_UPDATED = '회원 정보가 수정되었습니다.';
export const ACCOUNT_DELETED = '회원이 성공적으로 삭제되었습니다.';
export const DUPLICATE_LOGIN_ID = '이미 사용 중인 아이디입니다.';
export const DUPLICATE_NICKNAME = '이미 사용 중인 닉네임입니다.';
export const USER_NOT_FOUND = '사용자를 찾을 수 없습니다.';
export const INVALID_CREDENTIALS = '아이디 또는 비밀번호가 일치하지 않습니다.';
export const ACCOUNT_LOCKED = '로그인 시도 횟수를 초과했습니다. 10분 후 다시 시도해주세요.';
