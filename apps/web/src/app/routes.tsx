import { createElement, lazy, type ComponentType } from 'react';

type Module = { default: ComponentType };

/** A route's page, split into its own chunk; `preload()` loads it ahead of the first render. */
export type Page = ComponentType & { preload(): Promise<unknown> };

/**
 * Like React.lazy, but a page whose chunk has arrived renders at once: the first render waits for the first
 * route's chunk (main.tsx) instead of showing the Suspense fallback, whose reveal React holds back for at
 * least 300 ms (its fallback throttle).
 */
const page = (load: () => Promise<Module>): Page => {
  let loaded: ComponentType | undefined;
  const loadOnce = () => load().then((m) => ((loaded = m.default), m));
  const Lazy = lazy(loadOnce);
  return Object.assign(() => createElement(loaded ?? Lazy), { preload: loadOnce });
};

export interface AppRoute {
  path: string;
  Page: Page;
  /** needs a token; the guard alerts and sends the user to /login */
  auth?: boolean;
}

/** Every client route of the spec; each page is its own chunk. */
export const routes: AppRoute[] = [
  { path: '/', Page: page(() => import('../features/home/HomePage')) },
  { path: '/login', Page: page(() => import('./LoginRoute')) },
  { path: '/register', Page: page(() => import('./RegisterRoute')) },
  { path: '/oauth/done', Page: page(() => import('./OAuthDoneRoute')) },
  { path: '/myinfo', Page: page(() => import('./MyInfoRoute')), auth: true },
  { path: '/myinfo/edit', Page: page(() => import('../features/account/EditMyInfoPage')), auth: true },
  { path: '/application-info/register', Page: page(() => import('../features/profile/ProfileFormPage')), auth: true },
  { path: '/application-info/edit', Page: page(() => import('../features/profile/ProfileFormPage')), auth: true },
  { path: '/recruitments', Page: page(() => import('../features/posts/RecruitmentListPage')) },
  { path: '/recruitment/register', Page: page(() => import('../features/posts/PostFormPage')), auth: true },
  {
    path: '/recruitment/:recruitmentId',
    Page: page(() => import('./PostDetailRoute').then((m) => ({ default: m.RecruitmentDetailRoute }))),
  },
  { path: '/recruitment/edit/:recruitmentId', Page: page(() => import('../features/posts/PostFormPage')), auth: true },
  { path: '/study-groups', Page: page(() => import('../features/posts/StudyGroupListPage')) },
  { path: '/study-group/register', Page: page(() => import('../features/posts/PostFormPage')), auth: true },
  {
    path: '/study-group/:studyGroupId',
    Page: page(() => import('./PostDetailRoute').then((m) => ({ default: m.StudyGroupDetailRoute }))),
  },
  { path: '/study-group/edit/:studyGroupId', Page: page(() => import('../features/posts/PostFormPage')), auth: true },
  { path: '/my-posts', Page: page(() => import('../features/posts/MyPostsPage')), auth: true },
  { path: '/bookmarks', Page: page(() => import('../features/posts/BookmarksPage')), auth: true },
  { path: '/applicants/:basePostId', Page: page(() => import('../features/posts/ApplicantsPage')), auth: true },
  { path: '/groups/:groupId', Page: page(() => import('./GroupRoute')), auth: true },
  { path: '/groups/:groupId/members', Page: page(() => import('./MembersRoute')), auth: true },
  { path: '/groups/:groupId/reviews', Page: page(() => import('../features/groups/ReviewsPage')), auth: true },
  { path: '/users/:userId', Page: page(() => import('../features/users/UserPage')) },
  { path: '/users/by-nickname/:nickname', Page: page(() => import('../features/users/UserPage')) },
  { path: '/my-groups', Page: page(() => import('../features/groups/MyGroupsPage')), auth: true },
  { path: '/chat/:chatRoomId', Page: page(() => import('../features/chat/ChatRoomPage')), auth: true },
  { path: '/messages', Page: page(() => import('./MessagesRoute')), auth: true },
  { path: '/boards', Page: page(() => import('../features/boards/BoardListPage')) },
  { path: '/boards/register', Page: page(() => import('../features/boards/BoardRegisterPage')), auth: true },
  { path: '/boards/:boardId', Page: page(() => import('../features/boards/BoardDetailPage')) },
  { path: '/boards/edit/:boardId', Page: page(() => import('../features/boards/BoardEditPage')), auth: true },
  { path: '/showcase', Page: page(() => import('../features/showcase/ShowcaseListPage')) },
  { path: '/showcase/:groupId', Page: page(() => import('../features/showcase/ShowcaseDetailPage')) },
  { path: '/my-boards', Page: page(() => import('../features/boards/MyBoardsPage')) },
  { path: '/find/login-ids', Page: page(() => import('../features/recovery/FindLoginIdsPage')) },
  { path: '/find/login-ids-result', Page: page(() => import('../features/recovery/FindLoginIdsResultPage')) },
  { path: '/find/password', Page: page(() => import('../features/recovery/FindPasswordPage')) },
  { path: '/change-password', Page: page(() => import('../features/recovery/ChangePasswordPage')) },
  // operators only; everyone else sees the not-found page (no login prompt: nothing says it exists)
  { path: '/admin', Page: page(() => import('./AdminRoute')) },
  { path: '*', Page: page(() => import('./NotFoundPage')) },
];
