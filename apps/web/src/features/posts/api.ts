import type {
  ApplicantList,
  MyPost,
  Page,
  Recruitment,
  RecruitmentInput,
  SearchType,
  StudyGroup,
  StudyGroupInput,
} from '@app/contract';
import { del, get, patch, post, put } from '../../shared/api/client';

export type {
  Applicant,
  ApplicantList,
  MyPost,
  RecruitmentItem,
  SearchType,
  StudyGroupItem,
} from '@app/contract';

/** A detail of either kind; tags only on recruitments, the study period only on study groups. */
export type PostDetail = Omit<Recruitment, 'tags'> & Partial<Pick<Recruitment, 'tags'> & Pick<StudyGroup, 'startDate' | 'endDate'>>;
export type RecruitmentBody = RecruitmentInput;
export type StudyGroupBody = StudyGroupInput;

export interface ListQuery {
  page: number;
  searchType?: SearchType;
  keyword?: string;
}

/** `/recruitments` or `/study-groups`: the list, or the search when a keyword is given. */
export function listPosts<T>(base: string, q: ListQuery) {
  if (!q.keyword) return get<Page<T>>(`${base}?page=${q.page}`);
  const params = new URLSearchParams({ searchType: q.searchType ?? 'all', keyword: q.keyword, page: String(q.page) });
  return get<Page<T>>(`${base}/search?${params}`);
}

export const postsApi = {
  detail: (base: string, id: string) => get<PostDetail>(`${base}/${id}`),
  create: (base: string, body: RecruitmentBody | StudyGroupBody) => post<PostDetail>(base, body),
  update: (base: string, id: string, body: RecruitmentBody | StudyGroupBody) => put<PostDetail>(`${base}/${id}`, body),
  remove: (base: string, id: string) => del<void>(`${base}/${id}`),
  close: (base: string, id: string) => patch<string>(`${base}/${id}/close`),
  countView: (id: string) => post<void>(`/base-posts/${id}/view`),
  myProfile: () => get<unknown>('/user-info/my-info'),
  apply: (id: number) => post<unknown>('/applications', { recruitmentId: id }),
  myPosts: () => get<MyPost[]>('/base-posts/my-posts'),
  removeMyPost: (id: number) => del<void>(`/base-posts/${id}`),
  createGroup: (body: { basePostId: number; name: string; description: string; type: 'PROJECT' | 'STUDY_GROUP' }) =>
    post<{ id: number }>('/groups', body),
  applicants: (basePostId: string, page: number) => get<ApplicantList>(`/applications/${basePostId}/list?page=${page}`),
  setStatus: (body: { applicationId: number; basePostId: number; status: 'APPROVED' | 'REJECTED' }) =>
    put<string>('/applications/status', body),
};
