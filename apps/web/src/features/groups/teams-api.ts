import {
  REVIEW_WINDOW_DAYS,
  type CompleteGroupBody,
  type Group,
  type GroupReviews,
  type GroupStatus,
  type RecordCounts,
  type Review,
  type ReviewBody,
  type ShowcaseState,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export type { GroupReviews, Review, ReviewBody } from '@app/contract';

/** What docs/api.md §10.2 adds to a group; read through {@link finishOf} (older answers have none of it). */
export interface GroupFinish {
  status: GroupStatus;
  completedDateTime: string | null;
  summary: string | null;
  resultUrl: string | null;
}

export function finishOf(group: Group): GroupFinish {
  const g = group as Group & Partial<GroupFinish>;
  return {
    status: (g.status as string) === 'COMPLETED' ? 'COMPLETED' : 'ACTIVE',
    completedDateTime: g.completedDateTime ?? null,
    summary: g.summary ?? null,
    resultUrl: g.resultUrl ?? null,
  };
}

/** The three counts a member or an applicant carries (absent from an older answer). */
export const recordOf = (row: object): RecordCounts | undefined => (row as { record?: RecordCounts }).record;

/** When the review window of a group completed at `completed` ends (14 days later). */
export const windowEnd = (completed: string) =>
  new Date(new Date(completed).getTime() + REVIEW_WINDOW_DAYS * 86_400_000).toISOString();

export const teamsApi = {
  complete: (groupId: number, body: CompleteGroupBody) => post<Group>(`/groups/${groupId}/complete`, body),
  reviews: (groupId: string) => get<GroupReviews>(`/groups/${groupId}/reviews`),
  review: (groupId: number, body: ReviewBody) => post<Review>(`/groups/${groupId}/reviews`, body),
  consent: (groupId: number, consent: boolean) => put<{ consent: boolean }>(`/groups/${groupId}/showcase-consent`, { consent }),
  showcase: (groupId: number, showcase: boolean) => put<{ showcase: boolean }>(`/groups/${groupId}/showcase`, { showcase }),
  showcaseState: (groupId: number) => get<ShowcaseState>(`/groups/${groupId}/showcase`),
};

/** The admin's showcase switch and my consent (null: I was not a member when the group completed). */
export const useShowcaseState = (groupId: number) =>
  useQuery({ queryKey: keys.groups.showcase(groupId), queryFn: () => teamsApi.showcaseState(groupId) });

export const useReviews = (groupId: string) =>
  useQuery({ queryKey: keys.groups.reviews(groupId), queryFn: () => teamsApi.reviews(groupId), retry: false });

export function useCompleteGroup(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteGroupBody) => teamsApi.complete(groupId, body),
    onSuccess: (group) => {
      queryClient.setQueryData(keys.groups.detail(String(groupId)), group);
      return queryClient.invalidateQueries({ queryKey: keys.groups.all });
    },
  });
}

export function useWriteReview(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => teamsApi.review(groupId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.groups.reviews(String(groupId)) }),
  });
}

/** A group switch (my consent, or the admin's showcase): saved at once, read again after, with the public showcase reads. */
export function useGroupSwitch(groupId: number, which: 'consent' | 'showcase') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean): Promise<unknown> =>
      which === 'consent' ? teamsApi.consent(groupId, on) : teamsApi.showcase(groupId, on),
    onSuccess: (_data, on) => {
      queryClient.setQueryData<ShowcaseState>(keys.groups.showcase(groupId), (s) => (s ? { ...s, [which]: on } : s));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.groups.showcase(groupId) }),
        queryClient.invalidateQueries({ queryKey: keys.showcase.all }),
      ]);
    },
  });
}
