/** The Korean texts of the profile area, exactly as docs/api.md gives them. */
export const PROFILE_NOT_FOUND = '사용자를 찾을 수 없습니다.';
export const DUPLICATE_PROFILE = '이미 지원 정보가 등록되어 있습니다.';
export const PROFILE_INFO_NOT_FOUND = '사용자 정보를 찾을 수 없습니다.';
