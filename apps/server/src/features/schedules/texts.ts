/** The schedules area's Korean texts (docs/api.md §3.7). */
export const SCHEDULE_TEXTS = {
  groupNotFound: '그룹을 찾을 수 없습니다.',
  notWriter: '일정 등록자가 아닙니다.',
  exists: '이미 등록한 일정이 있습니다.',
  updateNotFound: '수정할 일정을 찾을 수 없습니다.',
  deleteNotFound: '삭제할 일정을 찾을 수 없습니다.',
} as const;
