import type {
  ApplicantList,
  MyApplication,
  MyPost,
  PopularTag,
  Recruitment,
  RecruitmentInput,
  StudyGroup,
  StudyGroupInput,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { del, get, patch, post, put, sessionExpired } from '../../shared/api/client';
import { useVisitRefetch } from '../../shared/api/first-load';
import { useCountView } from '../../shared/api/useCountView';
import { keys } from '../../shared/api/keys';
import { RECRUITMENT, STUDY_GROUP, type PostKind } from './kinds';
import { postListQuery, type ListQuery } from './list-query';
import { noteSeenViews, withSeenViews } from './seen-views';

export type { Applicant, ApplicantList, MyApplication, MyPost, RecruitmentItem, SearchType, StudyGroupItem } from '@app/contract';

export {
  filterParams,
  listParams,
  listPosts,
  postListQuery,
  type ListFilters,
  type ListOrder,
  type ListQuery,
} from './list-query';

/** A detail of either kind; tags only on recruitments, the study period only on study groups. */
export type PostDetail = Omit<Recruitment, 'tags'> &
  Partial<Pick<Recruitment, 'tags'> & Pick<StudyGroup, 'startDate' | 'endDate'>>;
export type RecruitmentBody = RecruitmentInput;
export type StudyGroupBody = StudyGroupInput;

/** The most used tech stacks, for the filter chips. */
export const popularStacks = () => get<PopularTag[]>('/recruitments/popular-tags');

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

export type Decision = 'APPROVED' | 'REJECTED';

const postKeys = keys.posts;

/** A detail as anyone reads it (no view counted; the contact only for a logged-in reader). */
export const postDetailQuery = (kind: PostKind, id: string) => ({
  queryKey: postKeys.detail(kind.key, id),
  queryFn: () => postsApi.detail(kind.api, id),
});

/** The list pages of both kinds and my posts: what a change of a post's state or headcount shows in. */
const refreshPostLists = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: postKeys.list(RECRUITMENT.key) }),
    client.invalidateQueries({ queryKey: postKeys.list(STUDY_GROUP.key) }),
    client.invalidateQueries({ queryKey: postKeys.mine }),
  ]);

/** Registers a post, or with `id` saves its edit; resolves to the saved post. */
export function useSavePost(kind: PostKind, id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecruitmentBody | StudyGroupBody) =>
      id ? postsApi.update(kind.api, id, body) : postsApi.create(kind.api, body),
    onSuccess: (saved) =>
      Promise.all([
        refreshPostLists(client),
        client.invalidateQueries({ queryKey: postKeys.detail(kind.key, String(saved.id)) }),
      ]),
  });
}

/**
 * Closing and deleting a post from its detail refresh the lists, not the detail on screen: read again, a
 * closed or deleted post only answers with an error (the page leaves it instead).
 */
export function useClosePost(kind: PostKind, id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => postsApi.close(kind.api, id), onSuccess: () => refreshPostLists(client) });
}

export function useDeletePost(kind: PostKind, id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => postsApi.remove(kind.api, id), onSuccess: () => refreshPostLists(client) });
}

/** A post deleted from my posts (either kind). */
export function useDeleteMyPost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postsApi.removeMyPost, onSuccess: () => refreshPostLists(client) });
}

/**
 * Applies to a post, after checking that an application profile exists: resolves to 'no-profile' (nothing
 * was sent) or 'applied'. A 401 on the check is passed on as the error (already answered by the client).
 */
export function useApply(id: string) {
  const client = useQueryClient();
  return useMutation({
    onSuccess: (outcome) => {
      if (outcome === 'applied') return client.invalidateQueries({ queryKey: keys.myApplications });
    },
    mutationFn: async (): Promise<'no-profile' | 'applied'> => {
      const hasProfile = await postsApi.myProfile().then(
        () => true,
        (e: unknown) => {
          if (sessionExpired(e)) throw e;
          return false;
        },
      );
      if (!hasProfile) return 'no-profile';
      await postsApi.apply(Number(id));
      return 'applied';
    },
  });
}

/** My applications: the history on /myinfo and each detail's 지원 완료 read this one cache entry. */
export const useMyApplications = (enabled = true) =>
  useQuery({ queryKey: keys.myApplications, queryFn: () => get<MyApplication[]>('/applications/my-list'), enabled });

/** The logged-in user's application to this post, if any (the button then says 지원 완료; a pending one can be cancelled). */
export function useMyApplicationTo(postId: number | undefined, loggedIn: boolean): MyApplication | undefined {
  const { data } = useMyApplications(loggedIn);
  return postId === undefined ? undefined : data?.find((a) => a.basePostId === postId);
}

/** A closed post becomes a group; my posts show it as grouped and my groups list it. */
export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postsApi.createGroup,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: postKeys.mine }),
        client.invalidateQueries({ queryKey: keys.groups.mine }),
      ]),
  });
}

/**
 * Approves or rejects an application: the applicant's card changes in place (no reload of the page) and
 * the headcounts in the lists and my posts are read again.
 */
export function useDecideApplication(basePostId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, status }: { applicationId: number; status: Decision }) =>
      postsApi.setStatus({ applicationId, basePostId: Number(basePostId), status }),
    onSuccess: (_text, { applicationId, status }) => {
      client.setQueriesData<ApplicantList>(
        { queryKey: postKeys.applicants(basePostId) },
        (old) =>
          old && { ...old, applicants: old.applicants.map((a) => (a.applicationId === applicationId ? { ...a, status } : a)) },
      );
      return refreshPostLists(client);
    },
  });
}

/** A list page's read; views, headcounts and closes change elsewhere (a detail just seen, a decision). */
export function usePostList<T extends { id: number; views: number }>(kind: PostKind, q: Required<ListQuery>) {
  const query = postListQuery<T>(kind, q);
  return useQuery({ ...query, refetchOnMount: useVisitRefetch(query.queryKey), select: withSeenViews<T> });
}

/** The most used tech stacks, for the filter chips; also read into the server-rendered list page. */
export const popularStacksQuery = { queryKey: postKeys.popularTags, queryFn: popularStacks };

/** The filter chips' stacks (they change slowly: kept a minute). */
export const usePopularStacks = (enabled: boolean) => useQuery({ ...popularStacksQuery, enabled, staleTime: 60_000 });

/**
 * A post's detail, read after this browser's view of it is counted (so the count shown includes it). A detail
 * that came inside the server-rendered page shows at once and is read again once the view has settled: the page
 * was rendered for a visitor (a member's contact is theirs) and may be cached from before this view or an
 * earlier one of this browser (a counted view leaves the rendered detail cached).
 */
export function usePostDetail(kind: PostKind, id: string) {
  const detail = postDetailQuery(kind, id);
  const refetchOnMount = useVisitRefetch(detail.queryKey);
  const fromPage = refetchOnMount !== true;
  const viewed = useCountView(id, postsApi.countView, kind.viewedKey);
  const client = useQueryClient();
  const stale = fromPage && viewed;
  useEffect(() => {
    if (stale) void client.invalidateQueries({ queryKey: postKeys.detail(kind.key, id), exact: true });
  }, [stale, client, kind.key, id]);
  const result = useQuery({ ...detail, enabled: fromPage || viewed, refetchOnMount });
  const seenViews = viewed && !result.isFetching ? result.data?.views : undefined;
  useEffect(() => {
    if (seenViews !== undefined) noteSeenViews(Number(id), seenViews);
  }, [id, seenViews]);
  return result;
}

/** The post loaded into the edit form (read fresh for every edit). */
export const usePostToEdit = (kind: PostKind, id: string | undefined) =>
  useQuery({ queryKey: postKeys.edit(kind.key, id), queryFn: () => postsApi.detail(kind.api, id!), enabled: !!id, gcTime: 0 });

export const useMyPosts = () => useQuery({ queryKey: postKeys.mine, queryFn: postsApi.myPosts });

export const useApplicants = (basePostId: string, page: number) =>
  useQuery({ queryKey: [...postKeys.applicants(basePostId), page], queryFn: () => postsApi.applicants(basePostId, page) });
