/**
 * The public routes of the web app, the one list of them: the pages the server renders for every visitor (the
 * same HTML for everyone, cached like the public reads it is made of), that crawlers may index and that the
 * sitemap and link previews name. Every other client route is rendered in the browser and carries noindex.
 *
 * Read by the server (rendering, cache tags, link previews, robots.txt) and the web app (what it renders on the
 * server, the first route's early start, the build's index.html).
 */
export interface PublicRoute {
  /** the page's path; `:id` stands for a positive id of at most nine digits */
  path: string;
  /** the API GETs (under /api) the page is made of; `:id` is the page's id */
  reads: readonly string[];
  /** a shared link to it gets a preview card of this content */
  card?: 'RECRUITMENT' | 'STUDY_GROUP' | 'BOARD' | 'SHOWCASE';
  /** the page's own title and description are its Open Graph tags (a list page without a card) */
  openGraph?: true;
  /**
   * The page's code and reads start before the app renders, when it is the first page of a visit: `module` is
   * its page component (under apps/web/src), `reads` the API GETs index.html starts at once. A read with a query
   * string is the page's default view: it starts only when the page URL has no query string.
   */
  first?: { module: string; reads: readonly string[] };
}

export const PUBLIC_ROUTES = {
  home: {
    path: '/',
    reads: ['/recruitments/popular', '/study-groups/popular', '/boards/popular'],
    first: {
      module: 'features/home/HomePage.tsx',
      reads: ['/recruitments/popular', '/study-groups/popular', '/boards/popular'],
    },
  },
  recruitments: {
    path: '/recruitments',
    reads: ['/recruitments', '/recruitments/search', '/recruitments/popular-tags'],
    first: { module: 'features/posts/RecruitmentListPage.tsx', reads: ['/recruitments?page=0'] },
  },
  recruitment: { path: '/recruitment/:id', reads: ['/recruitments/:id', '/bookmarks/:id'], card: 'RECRUITMENT' },
  studyGroups: {
    path: '/study-groups',
    reads: ['/study-groups', '/study-groups/search'],
    first: { module: 'features/posts/StudyGroupListPage.tsx', reads: ['/study-groups?page=0'] },
  },
  studyGroup: { path: '/study-group/:id', reads: ['/study-groups/:id', '/bookmarks/:id'], card: 'STUDY_GROUP' },
  boards: { path: '/boards', reads: ['/boards/search'] },
  board: { path: '/boards/:id', reads: ['/boards/:id'], card: 'BOARD' },
  showcases: { path: '/showcase', reads: ['/showcase'], openGraph: true },
  showcase: { path: '/showcase/:id', reads: ['/showcase/:id'], card: 'SHOWCASE' },
} as const satisfies Record<string, PublicRoute>;

export type PublicRouteName = keyof typeof PUBLIC_ROUTES;

/** An id in a public path: what a database id can be (no zero, no leading zero, at most nine digits). */
export const PUBLIC_ID = /^[1-9]\d{0,8}$/;

/** Client routes that share a detail page's prefix (`/recruitment/register`, `/boards/edit/3`): not public. */
const FORM_SEGMENTS = new Set(['register', 'edit']);

/** A public route matched: its name and, for a detail, its id. */
export interface PublicMatch {
  name: PublicRouteName;
  id: number | null;
}

const entries = Object.entries(PUBLIC_ROUTES) as Array<[PublicRouteName, PublicRoute]>;
const exact = new Map(entries.filter(([, r]) => !r.path.includes(':')).map(([name, r]) => [r.path, name]));
const details = new Map(entries.filter(([, r]) => r.path.endsWith('/:id')).map(([name, r]) => [r.path.slice(0, -4), name]));

/**
 * The public route of a path; `not-found` for a detail path whose id cannot exist (the caller answers with its
 * not-found page); null for every other path (a client-rendered route, or a path with a trailing slash).
 */
export function matchPublicRoute(pathname: string): PublicMatch | 'not-found' | null {
  const name = exact.get(pathname);
  if (name) return { name, id: null };
  const slash = pathname.lastIndexOf('/');
  const detail = slash > 0 ? details.get(pathname.slice(0, slash)) : undefined;
  const id = pathname.slice(slash + 1);
  if (!detail || FORM_SEGMENTS.has(id)) return null;
  return PUBLIC_ID.test(id) ? { name: detail, id: Number(id) } : 'not-found';
}

/** The API path of one of a route's reads, for its id (`/recruitments/:id` -> `/recruitments/12`). */
export const readPath = (read: string, id: number | null) => (id === null ? read : read.replace(':id', String(id)));

/** An API read a public page is made of, as the table names it (`/recruitments/:id`). */
export type PublicRead = (typeof PUBLIC_ROUTES)[PublicRouteName]['reads'][number];

/** A completed group's showcase page (the id is the group's). */
export const showcasePagePath = (groupId: number) => PUBLIC_ROUTES.showcase.path.replace(':id', String(groupId));

/** A post's detail page in the web app (links in notifications). */
export const postPagePath = (kind: 'RECRUITMENT' | 'STUDY_GROUP', id: number) =>
  (kind === 'RECRUITMENT' ? PUBLIC_ROUTES.recruitment.path : PUBLIC_ROUTES.studyGroup.path).replace(':id', String(id));
