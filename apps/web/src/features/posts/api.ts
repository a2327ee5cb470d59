import { del, get, patch, post, put } from '../../shared/api/client';

export interface Page<T> {
  content: T[];
  number: number;
  totalPages: number;
}

export interface RecruitmentItem {
  id: number;
  title: string;
  dueDate: string;
  createdAt: string;
  currentMembers: number;
  totalMembers: number;
  tags: string[];
  creatorNickname: string;
  inactive: boolean;
  views: number;
  topic: string;
}

export interface StudyGroupItem {
  id: number;
  creatorNickname: string;
  title: string;
  currentMembers: number;
  totalMembers: number;
  topic: string;
  inactive: boolean;
  dueDate: string;
  createdAt: string;
  views: number;
  startDate: string;
  endDate: string;
}

/** A detail of either kind; tags only on recruitments, the study period only on study groups. */
export interface PostDetail {
  id: number;
  title: string;
  description: string;
  createdDateTime: string;
  dueDate: string;
  currentMembers: number;
  totalMembers: number;
  creatorNickname: string;
  creatorContact: string | null;
  topic: string;
  views: number;
  tags?: string[];
  startDate?: string;
  endDate?: string;
}

export interface RecruitmentBody {
  title: string;
  description: string;
  totalMembers: number;
  dueDate: string;
  tags: string[];
  topic: string;
}

export interface StudyGroupBody {
  title: string;
  description: string;
  topic: string;
  totalMembers: number;
  dueDate: string;
  startDate: string;
  endDate: string;
}

export type PostType = 'RECRUITMENT' | 'STUDY_GROUP';

export interface MyPost {
  basePostId: number;
  title: string;
  inactive: boolean;
  postType: PostType;
  createdAt: string;
  dueDate: string;
  currentMembers: number;
  totalMembers: number;
  topic: string;
  applicantCount: number;
}

export type ApplicationStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface Applicant {
  applicationId: number;
  applicantNickname: string;
  status: ApplicationStatus;
  techStacks: string[];
  field: string;
  contact: string | null;
  userId: number;
}

export interface ApplicantList {
  title: string;
  applicants: Applicant[];
  totalPages: number;
  number: number;
}

export type SearchType = 'all' | 'title' | 'creator' | 'content';

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
