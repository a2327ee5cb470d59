import type { PostKind } from '../../db/schema/index.js';

/** What differs between the two post kinds: paths, page size and their texts (docs/api.md §3.3, §3.4). */
export interface KindConfig {
  kind: PostKind;
  path: string;
  pageSize: number;
  notFound: string;
  editForbidden: string;
  deleteNotFound: string;
  deleteForbidden: string;
  closeNotFound: string;
  closeForbidden: string;
  closed: string;
}

export const RECRUITMENT: KindConfig = {
  kind: 'RECRUITMENT',
  path: '/api/recruitments',
  pageSize: 16,
  notFound: '해당 공고를 찾을 수 없습니다.',
  editForbidden: '모집 공고를 수정할 권한이 없습니다.',
  deleteNotFound: '해당 공고를 찾을 수 없습니다.',
  deleteForbidden: '공고 삭제 권한이 없습니다.',
  closeNotFound: '해당 모집 공고를 찾을 수 없습니다.',
  closeForbidden: '모집 공고를 마감할 권한이 없습니다.',
  closed: '프로젝트 모집 공고가 마감되었습니다.',
};

export const STUDY_GROUP: KindConfig = {
  kind: 'STUDY_GROUP',
  path: '/api/study-groups',
  pageSize: 12,
  notFound: '해당 스터디 그룹 공고를 찾을 수 없습니다.',
  editForbidden: '모집글을 수정할 권한이 없습니다.',
  deleteNotFound: '스터디 그룹 모집글을 찾을 수 없습니다.',
  deleteForbidden: '모집글을 삭제할 권한이 없습니다.',
  closeNotFound: '해당 스터디 그룹 공고를 찾을 수 없습니다.',
  closeForbidden: '스터디 그룹 공고를 마감할 권한이 없습니다.',
  closed: '스터디 그룹 공고가 마감되었습니다.',
};
