import {
  COMPLETE_FORBIDDEN_TEXT,
  DROPPED_OUT_COMMENT_TEXT,
  GROUP_ALREADY_COMPLETED_TEXT,
  GROUP_COMPLETED_TEXT,
  GROUP_NOT_COMPLETED_TEXT,
  RECORD_USER_NOT_FOUND_TEXT,
  REVIEW_EXISTS_TEXT,
  REVIEW_SELF_TEXT,
  REVIEW_WINDOW_CLOSED_TEXT,
  REVIEWEE_NOT_MEMBER_TEXT,
  REVIEWEE_WITHDRAWN_TEXT,
  SHOWCASE_FORBIDDEN_TEXT,
  SHOWCASE_NOT_FOUND_TEXT,
  UNKNOWN_REVIEW_TAG_TEXT,
} from '@app/contract';

/** The teams area's Korean texts (docs/api.md §10.2); the ones the web shows too live in the contract. */
export const TEAM_TEXTS = {
  groupNotFound: '그룹을 찾을 수 없습니다.',
  completeForbidden: COMPLETE_FORBIDDEN_TEXT,
  showcaseForbidden: SHOWCASE_FORBIDDEN_TEXT,
  alreadyCompleted: GROUP_ALREADY_COMPLETED_TEXT,
  completed: GROUP_COMPLETED_TEXT,
  notCompleted: GROUP_NOT_COMPLETED_TEXT,
  self: REVIEW_SELF_TEXT,
  notMemberAtCompletion: REVIEWEE_NOT_MEMBER_TEXT,
  revieweeWithdrawn: REVIEWEE_WITHDRAWN_TEXT,
  unknownTag: UNKNOWN_REVIEW_TAG_TEXT,
  droppedOutComment: DROPPED_OUT_COMMENT_TEXT,
  reviewExists: REVIEW_EXISTS_TEXT,
  windowClosed: REVIEW_WINDOW_CLOSED_TEXT,
  userNotFound: RECORD_USER_NOT_FOUND_TEXT,
  showcaseNotFound: SHOWCASE_NOT_FOUND_TEXT,
} as const;

/** REVIEW_REQUEST 쪽지 from [시스템]: at completion, and 3 days before the window ends. */
export const reviewRequestMessage = (groupName: string) =>
  `'${groupName}' 그룹이 완료되었습니다. 함께한 팀원을 평가해주세요. 평가는 14일 동안 남길 수 있습니다.`;
export const reviewReminderMessage = (groupName: string) =>
  `'${groupName}' 그룹의 팀원 평가가 3일 뒤 마감됩니다. 아직 평가하지 않은 팀원을 평가해주세요.`;
