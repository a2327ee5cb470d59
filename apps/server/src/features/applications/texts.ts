/** docs/api.md §3.5 texts of applications. */
export const APPLY_POST_NOT_FOUND = '해당 모집 공고를 찾을 수 없습니다.';
export const APPLY_INACTIVE = '마감된 공고에는 지원이 불가능합니다.';
export const APPLY_OWN_POST = '자신이 작성한 공고에는 지원할 수 없습니다.';
export const APPLY_POST_FULL = '모집 인원이 마감되었습니다.';
export const APPLY_PROFILE_REQUIRED = '지원 정보를 먼저 등록해주세요.';
export const ALREADY_APPLIED = '이미 이 공고에 지원했습니다.';
export const LIST_POST_NOT_FOUND = '모집 공고를 찾을 수 없습니다.';
export const LIST_FORBIDDEN = '지원 리스트를 볼 권한이 없습니다.';
export const APPLICATION_NOT_FOUND = '지원 정보를 찾을 수 없습니다.';
export const DECIDE_FORBIDDEN = '지원 승인/거절할 권한이 없습니다.';
export const INVALID_STATUS = '지원 상태 값이 올바르게 전달되지 않았습니다.';
export const NOT_PENDING = '검토중 상태의 지원서만 상태 변경이 가능합니다.';
export const DECIDE_HAS_GROUP = '그룹이 생성된 공고의 지원 상태는 변경할 수 없습니다.';
export const CAPACITY_EXCEEDED = '모집 인원이 초과되었습니다.';
export const STATUS_UPDATED = '지원 상태가 업데이트 되었습니다.';
/** docs/api.md §9.1: cancelling a pending application. */
export const CANCELLED = '지원이 취소되었습니다.';
export const CANCEL_NOT_FOUND = '지원 내역을 찾을 수 없습니다.';
export const CANCEL_DECIDED = '이미 처리된 지원은 취소할 수 없습니다.';

export const appliedMessage = (title: string) => `▷${title}◁ 공고에 지원하셨습니다. 승인될 때까지 기다려주세요.`;
export const newApplicantMessage = (nickname: string, title: string) =>
  `${nickname}님이 '${title}' 공고에 지원하였습니다. 승인 및 거부를 눌러주세요.`;
export const approvedMessage = (title: string) =>
  `▷${title}◁ 공고에 승인되었습니다! 그룹과 채팅방이 만들어질 때까지 기다려주세요.`;
export const rejectedMessage = (title: string) => `▷${title}◁ 공고에 거절되었습니다.`;
