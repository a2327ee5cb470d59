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

/** Popular lists; a failing one shows its own retry in its section (never "none" when the call failed). */
const list = <T,>(path: string) => () => get<T[]>(path);

// Read again on every visit of the home page (staleTime 0): a view counted a moment ago can change the ranking.
export const usePopularRecruitments = () =>
  useQuery({ queryKey: ['popular', 'recruitments'], queryFn: list<PopularPost>('/recruitments/popular'), staleTime: 0 });
export const usePopularStudyGroups = () =>
  useQuery({ queryKey: ['popular', 'study-groups'], queryFn: list<PopularPost>('/study-groups/popular'), staleTime: 0 });
export const usePopularBoards = () => useQuery({ queryKey: ['popular', 'boards'], queryFn: list<PopularBoard>('/boards/popular'), staleTime: 0 });
