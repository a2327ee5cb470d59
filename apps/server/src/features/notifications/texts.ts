import {
  INVALID_PUSH_ENDPOINT_TEXT,
  INVALID_PUSH_KEYS_TEXT,
  NOTIFICATION_SWITCH_TEXT,
  UNKNOWN_NOTIFICATION_TYPE_TEXT,
  type NotificationType,
} from '@app/contract';

/** Notifications' Korean texts (docs/api.md §9.5, §10.1). */
export const NOTIFICATION_TEXTS = {
  /** SUBSCRIBE to another user's notification queue */
  notYours: '본인의 알림만 구독할 수 있습니다.',
  unknownType: UNKNOWN_NOTIFICATION_TYPE_TEXT,
  notBoolean: NOTIFICATION_SWITCH_TEXT,
  badEndpoint: INVALID_PUSH_ENDPOINT_TEXT,
  badKeys: INVALID_PUSH_KEYS_TEXT,
  subscribed: '이 기기에서 푸시 알림을 받습니다.',
  unsubscribedPush: '이 기기의 푸시 알림을 껐습니다.',
  invalidToken: '수신 거부 링크가 올바르지 않습니다.',
} as const;

export const scheduleReminderMessage = (groupName: string, content: string) =>
  `내일 '${groupName}' 그룹 일정이 있습니다: ${content}`;
export const deadlineReminderMessage = (title: string) => `북마크한 '${title}' 공고가 내일 마감됩니다. 지원을 서둘러주세요.`;

/** Each notification mail's subject (after the site's name). */
export const MAIL_SUBJECTS: Record<NotificationType, string> = {
  APPLICATION_RECEIVED: '새 지원자가 있습니다',
  APPLICATION_DECIDED: '지원 결과를 알려드립니다',
  GROUP_ACTIVITY: '그룹 소식이 있습니다',
  REPLY: '내 게시글에 새 댓글이 달렸습니다',
  SCHEDULE_REMINDER: '내일 그룹 일정이 있습니다',
  DEADLINE_REMINDER: '북마크한 공고가 내일 마감됩니다',
  REVIEW_REQUEST: '팀원 평가를 남겨주세요',
  MESSAGE: '새 쪽지가 도착했습니다',
};

export const SITE_NAME = '팀메이트';
