import { useQuery, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { markFirstLoad, useVisitRefetch } from '../../shared/api/first-load';
import { keys } from '../../shared/api/keys';

export interface PopularPost {
  id: number;
  title: string;
  topic: string;
  dueDate: string;
  currentMembers: number;
  totalMembers: number;
  creatorNickname: string;
  views: number;
  inactive: boolean;
}

export interface PopularBoard {
  boardId: number;
  title: string;
  authorNickname: string;
  createdAt: string;
  views: number;
  replyCount: number;
}

/** Popular lists; a failing one shows its own retry in its section (never "none" when the call failed). */
const list =
  <T>(path: string) =>
  () =>
    get<T[]>(path);

const popular = {
  recruitments: { queryKey: keys.popular.recruitments, queryFn: list<PopularPost>('/recruitments/popular') },
  studyGroups: { queryKey: keys.popular.studyGroups, queryFn: list<PopularPost>('/study-groups/popular') },
  boards: { queryKey: keys.popular.boards, queryFn: list<PopularBoard>('/boards/popular') },
};

/** The home page's reads, for the first-load prefetch and the server's rendering of the page. */
export const popularQueries = Object.values(popular);

/** Read again on every visit of the home page: a view counted a moment ago can change the ranking. */
const usePopular = <T>(query: { queryKey: readonly string[]; queryFn(): Promise<T[]> }) =>
  useQuery({ ...query, refetchOnMount: useVisitRefetch(query.queryKey) });
export const usePopularRecruitments = () => usePopular(popular.recruitments);
export const usePopularStudyGroups = () => usePopular(popular.studyGroups);
export const usePopularBoards = () => usePopular(popular.boards);

/** Starts the home page's reads before its code has loaded (app/first-route.ts). */
export function prefetchPopular(client: QueryClient) {
  for (const query of popularQueries) {
    markFirstLoad(query.queryKey);
    // only what is missing: a server-rendered page brought its reads
    void client.prefetchQuery({ ...(query as FetchQueryOptions), staleTime: Infinity });
  }
}
