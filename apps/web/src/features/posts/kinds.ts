/** What differs between the two post kinds: paths, storage keys and the spec's per-kind texts. */
export interface PostKind {
  key: 'recruitment' | 'study-group';
  /** API base path */
  api: string;
  listPath: string;
  registerPath: string;
  detailPath(id: number | string): string;
  editPath(id: number | string): string;
  viewedKey(id: number | string): string;
  name: string;
  shortKeyword: string;
  /** projects wait 2000 ms before leaving a closed post (spec 4) */
  closeDelayMs: number;
  closeFailed(status: number): string;
}

export const RECRUITMENT: PostKind = {
  key: 'recruitment',
  api: '/recruitments',
  listPath: '/recruitments',
  registerPath: '/recruitment/register',
  detailPath: (id) => `/recruitment/${id}`,
  editPath: (id) => `/recruitment/edit/${id}`,
  viewedKey: (id) => `viewed-recruitment-${id}`,
  name: '프로젝트',
  shortKeyword: '검색어는 최소 두 글자 이상 입력해주세요.',
  closeDelayMs: 2000,
  closeFailed: (status) => (status === 403 ? '공고를 마감할 권한이 없습니다.' : '공고 마감에 실패했습니다.'),
};

export const STUDY_GROUP: PostKind = {
  key: 'study-group',
  api: '/study-groups',
  listPath: '/study-groups',
  registerPath: '/study-group/register',
  detailPath: (id) => `/study-group/${id}`,
  editPath: (id) => `/study-group/edit/${id}`,
  viewedKey: (id) => `viewed-study-group-${id}`,
  name: '스터디',
  shortKeyword: '검색어는 두 글자 이상 입력해주세요.',
  closeDelayMs: 0,
  closeFailed: () => '마감 권한이 없거나 실패했습니다.',
};

export const deleteFailed = (status: number) => (status === 403 ? '공고를 삭제할 권한이 없습니다.' : '공고 삭제에 실패했습니다.');

export const LOGIN_CONFIRM = '로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?';
