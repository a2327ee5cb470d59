import { z } from 'zod';
import {
  codePoints,
  listFilterFields,
  pageParam,
  POPULAR_TAGS_LIMIT,
  recruitmentFilterFields,
  SEARCH_TOO_LONG_TEXT,
  SEARCH_TYPES,
  type ListFilter,
  type ListOrder,
  type Recruitment,
  type SearchType,
  type StudyGroup,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../lib/auth-user.js';
import { BadRequest } from '../../lib/errors.js';
import { pageRequest, toPage, type PageRequest } from '../../lib/paging.js';
import { publicTags } from '../../lib/public-changes.js';
import type { PostKind } from '../../db/schema/index.js';
import { RECRUITMENT, STUDY_GROUP, type KindConfig } from './kinds.js';
import {
  presentPopularTag,
  presentRecruitment,
  presentRecruitmentItem,
  presentStudyGroup,
  presentStudyGroupItem,
} from './presenter.js';
import { listPosts, popularPosts, popularTags, todayIn, type PostDetailRow, type PostListRow } from './queries.js';
import { keepable } from './search-hits-queries.js';
import { keptKeywords, matchKeeper } from './search-hits.js';
import { searchPosts, type Search } from './search-queries.js';
import * as posts from './service.js';

/**
 * The public reads of a post kind, as served: the routes send them and the server's page rendering reads them
 * (features/pages), both through the same read cache. Lists are the JSON bytes (the same for every viewer);
 * a detail is presented for its viewer (a visitor sees no contact).
 */

/** The query strings of a kind's list and search (recruitments add `stack`). */
function listQueries(cfg: KindConfig) {
  const filters = cfg.kind === 'RECRUITMENT' ? recruitmentFilterFields : listFilterFields;
  return {
    list: z.object({ page: pageParam }).extend(filters),
    search: z.object({ page: pageParam, searchType: z.unknown().optional(), keyword: z.unknown().optional() }).extend(filters),
  };
}
type ListQuery = { page: number; open: boolean; order: ListOrder; stack?: string[] };
type SearchQuery = ListQuery & { searchType?: unknown; keyword?: unknown };

/** The optional list filters (recruitments add `stack`); absent, a list answers as docs/api.md §3.3 says. */
function filterOf(query: ListQuery): ListFilter {
  return { open: query.open, order: query.order, stacks: query.stack ?? [] };
}
const isFiltered = (f: ListFilter) => f.open || f.order !== 'latest' || f.stacks.length > 0;
/** A cache key part that tells filters apart (JSON is self-delimiting, so no stack name can mimic another). */
const filterKey = (f: ListFilter) =>
  isFiltered(f) ? `${JSON.stringify([f.open, f.order, f.stacks.map((s) => s.toLowerCase()).sort()])}:` : '';

/** docs/api.md §3.3 search rules: trimmed; under 2 characters is no filter; over 50 is 400; unknown type is all. */
function parseSearch(query: { searchType?: unknown; keyword?: unknown }): Search | null {
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  if (codePoints(keyword) > 50) throw new BadRequest(SEARCH_TOO_LONG_TEXT);
  if (codePoints(keyword) < 2) return null;
  const type = SEARCH_TYPES.includes(query.searchType as SearchType) ? (query.searchType as SearchType) : 'all';
  return { type, keyword };
}

export function postReads(ctx: AppContext, cfg: KindConfig) {
  const item = (r: PostListRow) => (cfg.kind === 'RECRUITMENT' ? presentRecruitmentItem(r) : presentStudyGroupItem(r));
  const presentDetail = (r: PostDetailRow, viewerId: number | null) =>
    cfg.kind === 'RECRUITMENT' ? presentRecruitment(r, viewerId) : presentStudyGroup(r, viewerId);
  // keyed by the cached row itself, so a body lives as long as the row it was made from; a view updates the cached
  // row's count in place (service.ts countView), so the body is made again when the count moved
  const visitorBodies = new WeakMap<PostDetailRow, { views: number; body: Buffer }>();
  const keepMatches = matchKeeper(ctx);
  const kept = keptKeywords(ctx);
  const searched = async (today: string, req: PageRequest, search: Search, filter: ListFilter) => {
    const found = await searchPosts(ctx.db, cfg.kind, today, req, search, filter, kept.likely(cfg.kind, search));
    if (keepable(filter)) {
      kept.note(cfg.kind, search, found.kept);
      if (!found.kept) keepMatches(cfg.kind, search, found.total);
    }
    return found;
  };
  const page = (pageNumber: number, search: Search | null, filter: ListFilter) => {
    const today = todayIn(ctx);
    const key = search
      ? `posts:${cfg.kind}:search:${today}:${pageNumber}:${filterKey(filter)}${search.type}:${search.keyword}`
      : `posts:${cfg.kind}:page:${today}:${pageNumber}:${filterKey(filter)}`;
    const depends =
      filter.order === 'views' ? [publicTags.list(cfg.kind), publicTags.ranked(cfg.kind)] : [publicTags.list(cfg.kind)];
    return ctx.readCache.json(key, depends, async () => {
      const req = pageRequest(pageNumber, cfg.pageSize);
      const { rows, total } = search
        ? await searched(today, req, search, filter)
        : await listPosts(ctx.db, cfg.kind, today, req, filter);
      return toPage(rows.map(item), req, total);
    });
  };

  return {
    queries: listQueries(cfg),
    list: (query: ListQuery): Promise<Buffer> => page(query.page, null, filterOf(query)),
    search: (query: SearchQuery): Promise<Buffer> => page(query.page, parseSearch(query), filterOf(query)),
    popular: (): Promise<Buffer> => {
      const today = todayIn(ctx);
      const depends = [publicTags.list(cfg.kind), publicTags.ranked(cfg.kind)];
      return ctx.readCache.json(`posts:${cfg.kind}:popular:${today}`, depends, async () =>
        (await popularPosts(ctx.db, cfg.kind, today)).map(item),
      );
    },
    detail: async (id: number, viewer: Viewer | null): Promise<Recruitment | StudyGroup> =>
      presentDetail(await posts.getDetail(ctx, cfg, id, viewer), viewer?.id ?? null),
    /** The detail's JSON body; a visitor's is made once per cached row (every visitor sees the same). */
    detailBody: async (id: number, viewer: Viewer | null): Promise<Buffer> => {
      const row = await posts.getDetail(ctx, cfg, id, viewer);
      if (viewer) return Buffer.from(JSON.stringify(presentDetail(row, viewer.id)));
      const made = visitorBodies.get(row);
      if (made?.views === row.views) return made.body;
      const body = Buffer.from(JSON.stringify(presentDetail(row, null)));
      visitorBodies.set(row, { views: row.views, body });
      return body;
    },
  };
}

/** The recruitments' most used tech stacks (the filter chips). */
export const popularStacks = (ctx: AppContext): Promise<Buffer> =>
  ctx.readCache.json('posts:popular-stacks', [publicTags.popularStacks], async () =>
    (await popularTags(ctx.db, POPULAR_TAGS_LIMIT)).map(presentPopularTag),
  );

/** The reads of a kind, by its name (for other areas, which do not know the kind's configuration). */
export const postReadsOf = (ctx: AppContext, kind: PostKind) =>
  postReads(ctx, kind === 'RECRUITMENT' ? RECRUITMENT : STUDY_GROUP);
