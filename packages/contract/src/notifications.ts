import { z } from 'zod';

// Notifications beyond the tab: channels, preferences, reminders, calendar feed (docs/api.md §10.1).

/** What a notification is about; every [시스템] 쪽지 has one, and a person's 쪽지 is `MESSAGE`. */
export const NOTIFICATION_TYPES = [
  'APPLICATION_RECEIVED',
  'APPLICATION_DECIDED',
  'GROUP_ACTIVITY',
  'REPLY',
  'SCHEDULE_REMINDER',
  'DEADLINE_REMINDER',
  'REVIEW_REQUEST',
  'MESSAGE',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const isNotificationType = (v: string): v is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(v);

/** How each type is named in 알림 설정, the unsubscribe page and the mails. */
export const NOTIFICATION_LABELS: Record<NotificationType, { name: string; when: string }> = {
  APPLICATION_RECEIVED: { name: '새 지원자', when: '내 공고에 누군가 지원했을 때' },
  APPLICATION_DECIDED: { name: '지원 결과', when: '내 지원이 승인되거나 거절되었을 때' },
  GROUP_ACTIVITY: { name: '그룹 소식', when: '그룹·채팅방 생성, 초대, 추방, 새 공지' },
  REPLY: { name: '댓글', when: '내 게시글에 댓글이 달렸을 때' },
  SCHEDULE_REMINDER: { name: '일정 알림', when: '그룹 일정 전날 오전 9시' },
  DEADLINE_REMINDER: { name: '마감 알림', when: '북마크한 공고가 마감되기 전날 오전 9시' },
  REVIEW_REQUEST: { name: '팀원 평가 요청', when: '완료된 그룹의 팀원 평가를 부탁할 때' },
  MESSAGE: { name: '쪽지', when: '다른 사용자가 쪽지를 보냈을 때' },
};

type Switches = Record<NotificationType, boolean>;
const switches = (on: readonly NotificationType[]): Switches =>
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, on.includes(t)])) as Switches;

/** A new account's choices: e-mail for what needs an answer soon, push for everything. */
export const DEFAULT_NOTIFICATION_SETTINGS = {
  email: switches(['APPLICATION_RECEIVED', 'APPLICATION_DECIDED', 'SCHEDULE_REMINDER', 'REVIEW_REQUEST']),
  push: switches(NOTIFICATION_TYPES),
};

export const UNKNOWN_NOTIFICATION_TYPE_TEXT = '알 수 없는 알림 종류입니다.';
export const NOTIFICATION_SWITCH_TEXT = '알림 설정은 켜기(true) 또는 끄기(false)로만 저장할 수 있습니다.';

const typeSwitches = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<NotificationType, z.ZodBoolean>,
);
export const notificationSettings = z.object({ email: typeSwitches, push: typeSwitches });
export type NotificationSettings = z.infer<typeof notificationSettings>;
/** PUT: the same shape, any part of it; missing channels and types stay as they are. */
export type NotificationSettingsPatch = {
  [C in NotificationChannel]?: Partial<Record<NotificationType, boolean>>;
};

export type SettingsProblem = 'unknownType' | 'notBoolean';

/**
 * Checks a PUT body in one pass: an unknown channel or type is `unknownType`, a switch that is not a boolean is
 * `notBoolean` (whichever comes first in the body); a body or a channel that is not an object is `notBoolean` too.
 */
export function readSettingsPatch(body: unknown): { patch: NotificationSettingsPatch } | { problem: SettingsProblem } {
  const patch: NotificationSettingsPatch = {};
  if (!isPlainObject(body)) return { problem: 'notBoolean' };
  for (const [channel, types] of Object.entries(body)) {
    if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)) return { problem: 'unknownType' };
    if (!isPlainObject(types)) return { problem: 'notBoolean' };
    const part: Partial<Record<NotificationType, boolean>> = {};
    for (const [type, on] of Object.entries(types)) {
      if (!isNotificationType(type)) return { problem: 'unknownType' };
      if (typeof on !== 'boolean') return { problem: 'notBoolean' };
      part[type] = on;
    }
    patch[channel as NotificationChannel] = part;
  }
  return { patch };
}

/** PUT's body: checked whole by {@link readSettingsPatch}, answering its Korean text. */
export const notificationSettingsBody = z.unknown().superRefine((body, ctx) => {
  const read = readSettingsPatch(body);
  if ('problem' in read)
    ctx.addIssue({
      code: 'custom',
      message: read.problem === 'unknownType' ? UNKNOWN_NOTIFICATION_TYPE_TEXT : NOTIFICATION_SWITCH_TEXT,
    });
});

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- web push subscriptions ----

export const PUSH_ENDPOINT_MAX = 1000;
export const PUSH_SUBSCRIPTION_LIMIT = 10;
export const PUSH_P256DH_BYTES = 65;
export const PUSH_AUTH_BYTES = 16;
export const INVALID_PUSH_ENDPOINT_TEXT = '푸시 알림 주소가 올바르지 않습니다.';
export const INVALID_PUSH_KEYS_TEXT = '푸시 알림 키가 올바르지 않습니다.';

/**
 * POST's body, the browser's `PushSubscription.toJSON()`. The server checks it (the endpoint's allowed origins are
 * its configuration): any JSON passes here.
 */
export const pushSubscriptionBody = z.unknown().describe('PushSubscription.toJSON(): {endpoint, keys: {p256dh, auth}}');
export const pushEndpointBody = z.unknown().describe('{endpoint}');
export type PushSubscriptionBody = { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime?: number | null };
