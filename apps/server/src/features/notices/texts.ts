/** The notices area's Korean texts (docs/api.md §9.2). */
export const NOTICE_TEXTS = {
  groupNotFound: '그룹을 찾을 수 없습니다.',
  adminOnly: '그룹의 관리자만 공지를 관리할 수 있습니다.',
  notFound: '공지를 찾을 수 없습니다.',
  limit: '공지는 그룹당 100개까지 등록할 수 있습니다.',
  deleted: '공지가 삭제되었습니다.',
} as const;

/** The 쪽지 from [시스템] to every other member when a notice is posted. */
export const newNoticeMessage = (groupName: string, title: string) => `'${groupName}' 그룹에 새 공지가 등록되었습니다: ${title}`;
