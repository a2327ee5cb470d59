import type { ShowcaseItem } from '@app/contract';
import { matchPublicRoute, type PublicRouteName } from '@app/contract/public-routes';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { boardsApi, type BoardSearchParams } from '../features/boards/api';
import { popularQueries } from '../features/home/popular';
import { listParams, postDetailQuery, postListQuery, popularStacksQuery, type PostDetail } from '../features/posts/api';
import { bookmarkStateQuery } from '../features/posts/bookmarks';
import { RECRUITMENT, STUDY_GROUP, type PostKind } from '../features/posts/kinds';
import { showcaseDetailQuery, showcaseListQuery } from '../features/showcase/api';
import { excerpt } from '../features/showcase/format';
import { SHOWCASE_HEADING, SHOWCASE_SUBHEADING } from '../features/showcase/texts';
import { keys } from '../shared/api/keys';
import { SITE_TITLE } from './router';

/** A read the page shows, made before it is rendered; `required` ones decide the page's status when they fail. */
interface PageQuery {
  queryKey: QueryKey;
  queryFn(): Promise<unknown>;
  required?: boolean;
}

/** What the server renders a public route from: its reads, then its title, description and canonical URL. */
export interface PublicPage {
  queries: PageQuery[];
  head(client: QueryClient): { title: string; description?: string; canonical: string };
}

const SITE = '팀메이트';
const titled = (...parts: Array<string | false>) => [...parts.filter(Boolean), SITE].join(' - ');
const pageSuffix = (page: number) => page > 0 && `${page + 1}쪽`;

/** The query string of a canonical URL: only the parameters the page reads, without their defaults. */
function canonicalQuery(entries: Array<[string, string | undefined | false]>) {
  const kept = entries.filter((e): e is [string, string] => !!e[1]);
  return kept.length ? `?${new URLSearchParams(kept)}` : '';
}

function postList(kind: PostKind, search: URLSearchParams): PublicPage {
  const p = listParams(search);
  const q = { ...p, stacks: kind === RECRUITMENT ? p.stacks : [] };
  return {
    queries: [postListQuery(kind, q), ...(kind === RECRUITMENT ? [popularStacksQuery] : [])],
    head: () => ({
      title: titled(q.keyword && `'${q.keyword}' 검색 결과`, pageSuffix(q.page), kind.banner.heading),
      description: kind.banner.subheading,
      canonical:
        kind.listPath +
        canonicalQuery([
          ['searchType', q.keyword && q.searchType],
          ['keyword', q.keyword],
          ...q.stacks.map((s): [string, string] => ['stack', s]),
          ['open', q.open && 'true'],
          ['order', q.order === 'views' && 'views'],
          ['page', q.page > 0 && String(q.page)],
        ]),
    }),
  };
}

function postDetail(kind: PostKind, id: string): PublicPage {
  const detail = postDetailQuery(kind, id);
  return {
    queries: [{ ...detail, required: true }, bookmarkStateQuery(Number(id))],
    // the description and the Open Graph tags are the link preview's (server: features/pages/link-preview.ts)
    head: (client) => ({
      title: titled(client.getQueryData<PostDetail>(detail.queryKey)?.title ?? kind.name),
      canonical: kind.detailPath(id),
    }),
  };
}

function boardList(search: URLSearchParams): PublicPage {
  const p: BoardSearchParams = {
    searchType: search.get('searchType') ?? 'all',
    keyword: search.get('keyword') ?? '',
    category: search.get('category') ?? '',
    page: Math.max(0, Number(search.get('page')) || 0),
    order: search.get('order') === 'relevance' ? 'relevance' : undefined,
  };
  return {
    queries: [{ queryKey: keys.boards.search(p), queryFn: () => boardsApi.search(p) }],
    head: () => ({
      title: titled(p.keyword && `'${p.keyword}' 검색 결과`, pageSuffix(p.page), p.category, '게시판'),
      description: '개발자와 학생들이 질문하고, 정보를 나누고, 함께할 사람을 찾는 팀메이트 게시판입니다.',
      canonical:
        '/boards' +
        canonicalQuery([
          ['searchType', p.keyword && p.searchType !== 'all' && p.searchType],
          ['keyword', p.keyword],
          ['category', p.category],
          ['page', p.page > 0 && String(p.page)],
        ]),
    }),
  };
}

function boardDetail(id: string): PublicPage {
  const key = keys.boards.detail(id, 0);
  return {
    queries: [{ queryKey: key, queryFn: () => boardsApi.detail(id, 0), required: true }],
    head: (client) => ({
      title: titled(client.getQueryData<{ board: { title: string } }>(key)?.board.title ?? '게시판'),
      canonical: `/boards/${id}`,
    }),
  };
}

function showcaseList(search: URLSearchParams): PublicPage {
  const page = Math.max(0, Math.floor(Number(search.get('page'))) || 0);
  return {
    queries: [showcaseListQuery(page)],
    head: () => ({
      title: titled(pageSuffix(page), SHOWCASE_HEADING),
      description: SHOWCASE_SUBHEADING,
      canonical: '/showcase' + canonicalQuery([['page', page > 0 && String(page)]]),
    }),
  };
}

function showcaseDetail(id: string): PublicPage {
  const detail = showcaseDetailQuery(id);
  return {
    queries: [{ ...detail, required: true }],
    // the Open Graph tags are the link preview's (server: features/pages/link-preview.ts)
    head: (client) => {
      const item = client.getQueryData<ShowcaseItem>(detail.queryKey);
      return {
        title: titled(item?.name ?? SHOWCASE_HEADING, SHOWCASE_HEADING),
        description: item ? excerpt(item.summary, 150) : undefined,
        canonical: `/showcase/${id}`,
      };
    },
  };
}

const home: PublicPage = {
  queries: popularQueries,
  head: () => ({
    title: SITE_TITLE,
    description: '사이드 프로젝트 팀원과 스터디 그룹을 찾고 모집하는 곳. 공고를 올리고, 지원하고, 함께할 팀을 만드세요.',
    canonical: '/',
  }),
};

/** Each public route's page (the routes themselves: packages/contract public-routes.ts). */
const PAGES: Record<PublicRouteName, (id: string, search: URLSearchParams) => PublicPage> = {
  home: () => home,
  recruitments: (_, search) => postList(RECRUITMENT, search),
  recruitment: (id) => postDetail(RECRUITMENT, id),
  studyGroups: (_, search) => postList(STUDY_GROUP, search),
  studyGroup: (id) => postDetail(STUDY_GROUP, id),
  boards: (_, search) => boardList(search),
  board: (id) => boardDetail(id),
  showcases: (_, search) => showcaseList(search),
  showcase: (id) => showcaseDetail(id),
};

/**
 * The public routes the server renders (with their data), or null for every other route, which stays a
 * client-rendered page. An id that cannot exist is left to the caller's not-found page.
 */
export function publicPage(pathname: string, search: URLSearchParams): PublicPage | 'not-found' | null {
  const match = matchPublicRoute(pathname);
  if (match === null || match === 'not-found') return match;
  return PAGES[match.name](String(match.id), search);
}
