/** A field of the post form; 'period' is the study's start and end dates side by side. */
export type PostFormField = 'title' | 'dueDate' | 'topic' | 'members' | 'tags' | 'period' | 'description';

/** What differs between the two post kinds: paths, storage keys, the form and the spec's per-kind texts. */
export interface PostKind {
  key: 'recruitment' | 'study-group';
  /** API base path */
  api: string;
  /** the route parameter holding the post id on the detail and edit pages */
  idParam: 'recruitmentId' | 'studyGroupId';
  listPath: string;
  registerPath: string;
  detailPath(id: number | string): string;
  editPath(id: number | string): string;
  viewedKey(id: number | string): string;
  name: string;
  shortKeyword: string;
  /** projects wait 2000 ms before leaving a closed post */
  closeDelayMs: number;
  closeFailed(status: number): string;
  /** the list page's banner */
  banner: { heading: string; subheading: string };
  /** the form; its heading is `${name} 공고 등록` or `${name} 공고 수정` */
  form: {
    /** the fields in the order they are shown; those present are required (tags excepted) */
    fields: PostFormField[];
    titleMax: number;
    descriptionMax: number;
  };
}

export const RECRUITMENT: PostKind = {
  key: 'recruitment',
  api: '/recruitments',
  idParam: 'recruitmentId',
  listPath: '/recruitments',
  registerPath: '/recruitment/register',
  detailPath: (id) => `/recruitment/${id}`,
  editPath: (id) => `/recruitment/edit/${id}`,
  viewedKey: (id) => `viewed-recruitment-${id}`,
  name: '프로젝트',
  shortKeyword: '검색어는 최소 두 글자 이상 입력해주세요.',
  closeDelayMs: 2000,
  closeFailed: (status) => (status === 403 ? '공고를 마감할 권한이 없습니다.' : '공고 마감에 실패했습니다.'),
  banner: { heading: '프로젝트 팀원 모집', subheading: '함께 만들 팀원을 찾고, 마음에 드는 프로젝트에 지원해보세요.' },
  form: {
    fields: ['title', 'dueDate', 'topic', 'members', 'tags', 'description'],
    titleMax: 100,
    descriptionMax: 5000,
  },
};

export const STUDY_GROUP: PostKind = {
  key: 'study-group',
  api: '/study-groups',
  idParam: 'studyGroupId',
  listPath: '/study-groups',
  registerPath: '/study-group/register',
  detailPath: (id) => `/study-group/${id}`,
  editPath: (id) => `/study-group/edit/${id}`,
  viewedKey: (id) => `viewed-study-group-${id}`,
  name: '스터디',
  shortKeyword: '검색어는 두 글자 이상 입력해주세요.',
  closeDelayMs: 0,
  closeFailed: () => '마감 권한이 없거나 실패했습니다.',
  banner: { heading: '스터디 그룹 모집', subheading: '같은 목표를 가진 사람들과 함께 공부하세요.' },
  form: {
    fields: ['title', 'topic', 'members', 'dueDate', 'period', 'description'],
    titleMax: 50,
    descriptionMax: 500,
  },
};

export const POST_KINDS = [RECRUITMENT, STUDY_GROUP];

/** The kind whose register or edit page this path is (the one form page serves both kinds' routes). */
export const kindOfFormPath = (pathname: string): PostKind =>
  POST_KINDS.find((k) => pathname === k.registerPath || pathname.startsWith(k.editPath(''))) ?? RECRUITMENT;

export const deleteFailed = (status: number) => (status === 403 ? '공고를 삭제할 권한이 없습니다.' : '공고 삭제에 실패했습니다.');

export const LOGIN_CONFIRM = '로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?';
