/** The calendar feed's Korean texts (docs/api.md §10.1). */
export const CALENDAR_FEED_TEXTS = {
  groupNotFound: '그룹을 찾을 수 없습니다.',
  /** an unknown or replaced secret, a member who left, was kicked or withdrew, a deleted group */
  feedNotFound: '캘린더 주소를 찾을 수 없습니다. 그룹 페이지에서 새 주소를 확인해주세요.',
} as const;

/** The DESCRIPTION of a feed's event: who wrote the entry. */
export const writerLine = (nickname: string) => `작성자: ${nickname}`;
