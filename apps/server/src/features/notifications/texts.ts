/** Live notifications' Korean texts (docs/api.md §9.5). */
export const NOTIFICATION_TEXTS = {
  /** SUBSCRIBE to another user's notification queue */
  notYours: '본인의 알림만 구독할 수 있습니다.',
} as const;
