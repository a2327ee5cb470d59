/** The links area's Korean texts (docs/api.md §9.3). */
export const LINK_TEXTS = {
  groupNotFound: '그룹을 찾을 수 없습니다.',
  notFound: '자료를 찾을 수 없습니다.',
  deleteForbidden: '자료를 삭제할 권한이 없습니다.',
  limit: '자료는 그룹당 200개까지 등록할 수 있습니다.',
  deleted: '자료가 삭제되었습니다.',
} as const;
