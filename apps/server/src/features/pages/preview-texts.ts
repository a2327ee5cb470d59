/** Link preview texts (docs/product-decisions.md, "실시간 알림·링크 미리보기"); nothing here names a person or a way to reach one. */
export const PREVIEW_TEXTS = {
  siteName: '팀메이트',
  kind: { RECRUITMENT: '프로젝트 팀원 모집', STUDY_GROUP: '스터디원 모집', BOARD: '커뮤니티 게시판' },
  due: (date: string) => `마감 ${date}`,
  members: (current: number, total: number) => `${current}/${total}명`,
  closedTitle: '모집이 마감된 글입니다',
  closedDescription: '이 모집은 마감되었습니다. 팀메이트에서 진행 중인 다른 모집을 찾아보세요.',
  missingTitle: '찾을 수 없는 글입니다',
  missingDescription: '삭제되었거나 없는 글입니다. 팀메이트에서 프로젝트·스터디 팀원을 찾아보세요.',
  showcaseMissingTitle: '공개되지 않은 쇼케이스입니다',
  showcaseMissingDescription: '비공개로 바뀌었거나 없는 쇼케이스입니다. 팀메이트에서 완성된 다른 프로젝트를 둘러보세요.',
} as const;
