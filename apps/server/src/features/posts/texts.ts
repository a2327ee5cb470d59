/** Texts of docs/api.md §3.3-3.5 shared by both post kinds (per-kind texts are in kinds.ts). */
export const BASE_NOT_FOUND = '공고를 찾을 수 없습니다.';
export const BASE_DELETE_FORBIDDEN = '공고 삭제 권한이 없습니다.';
export const HAS_GROUP_TEXT = '그룹이 생성된 공고는 삭제할 수 없습니다. 그룹을 먼저 삭제해주세요.';
export const VIEW_INACTIVE_TEXT = '이미 종료된 공고는 조회할 수 없습니다.';
export const EDIT_INACTIVE_TEXT = '이미 종료된 공고는 수정할 수 없습니다.';
export const BELOW_CURRENT_TEXT = '현재 인원보다 적게 설정할 수 없습니다.';
