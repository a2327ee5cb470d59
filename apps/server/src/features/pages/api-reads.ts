import { z, type ZodType } from 'zod';
import { BAD_REQUEST_TEXT, boardSearchQuery, pageParam, pathId, type PublicRead } from '@app/contract';
import type { AppContext } from '../../context.js';
import { AppError, BadRequest } from '../../lib/errors.js';
import { boardReads } from '../boards/reads.js';
import { bookmarkStateRead } from '../bookmarks/reads.js';
import { popularStacks, postReadsOf } from '../posts/reads.js';
import { showcaseReads } from '../teams/reads.js';

/** What one API read answered: a JSON body (its bytes, or the value) on a 200, else the error's status, code and text. */
export type ReadResult = { status: 200; body: Buffer | object } | { status: number; code: string; text: string };

type Query = Record<string, string | string[]>;
type Read = (id: number, query: Query) => Promise<Buffer | object>;

/** The route's own schema over what the request carried; a refusal is the 400 the route would answer. */
function parse<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequest(BAD_REQUEST_TEXT, 'bad_request');
  return parsed.data;
}
const pageQuery = z.object({ page: pageParam });

/** A query string as Fastify gives it to a route: a repeated key is an array. */
function queryOf(params: URLSearchParams): Query {
  const query: Query = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length > 1 ? values : values[0];
  }
  return query;
}

/**
 * The API GETs public pages are made of (packages/contract public-routes.ts), answered in process by the same
 * read functions (and read cache) their routes call, for a visitor: no second trip through HTTP routing, hooks
 * and serialization. Rate limit and authentication are the page request's (features/pages/pages.ts).
 */
export function apiReads(ctx: AppContext) {
  const recruitments = postReadsOf(ctx, 'RECRUITMENT');
  const studyGroups = postReadsOf(ctx, 'STUDY_GROUP');
  const boards = boardReads(ctx);
  const showcase = showcaseReads(ctx);
  const reads: Record<PublicRead, Read> = {
    '/recruitments': (_, q) => recruitments.list(parse(recruitments.queries.list, q)),
    '/recruitments/search': (_, q) => recruitments.search(parse(recruitments.queries.search, q)),
    '/recruitments/popular': () => recruitments.popular(),
    '/recruitments/popular-tags': () => popularStacks(ctx),
    '/recruitments/:id': (id) => recruitments.detail(id, null),
    '/study-groups': (_, q) => studyGroups.list(parse(studyGroups.queries.list, q)),
    '/study-groups/search': (_, q) => studyGroups.search(parse(studyGroups.queries.search, q)),
    '/study-groups/popular': () => studyGroups.popular(),
    '/study-groups/:id': (id) => studyGroups.detail(id, null),
    '/boards/search': (_, q) => boards.search(parse(boardSearchQuery, q)),
    '/boards/popular': () => boards.popular(),
    '/boards/:id': (id, q) => boards.detail(id, parse(pageQuery, q).page, null),
    '/bookmarks/:id': (id) => bookmarkStateRead(ctx, id, null),
    '/showcase': (_, q) => showcase.list(parse(pageQuery, q).page),
    '/showcase/:id': (id) => showcase.detail(id),
  };
  const table = new Map<string, Read>(Object.entries(reads));

  /** Answers `/recruitments/12?page=0` (a path under /api). A path no public page reads is a mistake: it throws. */
  return async (apiPath: string): Promise<ReadResult> => {
    const url = new URL(apiPath, 'http://in-process');
    const slash = url.pathname.lastIndexOf('/');
    const exact = table.get(url.pathname);
    const byId = exact ? undefined : table.get(`${url.pathname.slice(0, slash)}/:id`);
    const read = exact ?? byId;
    if (!read) throw new Error(`no public read answers ${url.pathname}`);
    try {
      // the route's own rule for the id (`abc` is a 400, as the route answers it)
      const id = byId ? parse(pathId, url.pathname.slice(slash + 1)) : 0;
      return { status: 200, body: await read(id, queryOf(url.searchParams)) };
    } catch (err) {
      if (err instanceof AppError) return { status: err.status, code: err.code, text: err.message };
      throw err;
    }
  };
}

/** A read's answer as the web app's api client takes it from fetch. */
export function toResponse(result: ReadResult): Response {
  if ('body' in result) {
    // a cached list is its JSON bytes already (ReadCache.json)
    const body = Buffer.isBuffer(result.body) ? (result.body as Uint8Array<ArrayBuffer>) : JSON.stringify(result.body);
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
  }
  return new Response(result.text, {
    status: result.status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-error-code': result.code },
  });
}

/** The JSON of a 200 read. */
export const jsonOf = <T>(result: ReadResult): T | null =>
  'body' in result ? ((Buffer.isBuffer(result.body) ? JSON.parse(result.body.toString()) : result.body) as T) : null;
