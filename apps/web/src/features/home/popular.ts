import { useQuery } from '@tanstack/react-query';
import { get } from '../../shared/api/client';

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

/** Popular lists; an endpoint that fails shows as an empty section rather than breaking the home page. */
const safe = <T,>(path: string) => () => get<T[]>(path).catch(() => [] as T[]);

// Read again on every visit of the home page (staleTime 0): a view counted a moment ago can change the ranking.
export const usePopularRecruitments = () =>
  useQuery({ queryKey: ['popular', 'recruitments'], queryFn: safe<PopularPost>('/recruitments/popular'), staleTime: 0 });
export const usePopularStudyGroups = () =>
  useQuery({ queryKey: ['popular', 'study-groups'], queryFn: safe<PopularPost>('/study-groups/popular'), staleTime: 0 });
export const usePopularBoards = () => useQuery({ queryKey: ['popular', 'boards'], queryFn: safe<PopularBoard>('/boards/popular'), staleTime: 0 });
