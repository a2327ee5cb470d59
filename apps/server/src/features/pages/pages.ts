import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { matchPublicRoute, PUBLIC_ROUTES, type PublicRoute } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Page } from '../../lib/web.js';
import { TooManyRequests } from '../../lib/errors.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { todayIn } from '../posts/queries.js';
import { apiReads, toResponse, type ReadResult } from './api-reads.js';
import { cardContent, linkPreviewHead, pageTagsOf, previewTags } from './link-preview.js';
import { NOINDEX, renderedDocument, withHead, type RenderedPage } from './document.js';
import { pageTags } from './page-tags.js';

/** The web app's server bundle (apps/web/src/server.tsx, built by `vite build --ssr` into apps/web/dist-ssr). */
interface ServerBundle {
  /** where the page's API reads go: answered in process (./api-reads.ts) */
  configure(read: (path: string, init: RequestInit) => Promise<Response>): void;
  preload(): Promise<void>;
  render(pathname: string, search: string, now: number): Promise<RenderedPage | null>;
  /** the client routes that are not public pages (robots.txt disallows them) */
  memberPaths: string[];
  isPublicPath(pathname: string): boolean;
}

/** A page's bytes in each encoding a browser may accept (compressed once, when it is cached). */
interface CachedPage {
  status: number;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encoded(status: number, html: string): CachedPage {
  const raw = Buffer.from(html);
  return {
    status,
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(raw, { level: 6 }),
  };
}

function pick(req: FastifyRequest, page: CachedPage): Page {
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  return { status: page.status, body: encoding ? page[encoding] : page.raw, encoding };
}

/**
 * The bundle with every page's code loaded, or null without one. Loading takes 1-2 s on a busy machine, so the
 * server does not wait for it to start listening: the first page requests wait for it instead.
 */
export async function loadServerBundle(dir: string | null): Promise<ServerBundle | null> {
  const file = dir && path.join(dir, 'server.js');
  if (!file || !existsSync(file)) return null;
  const bundle = (await import(pathToFileURL(file).href)) as ServerBundle;
  await bundle.preload();
  return bundle;
}

/** Whether a public page without a card takes its Open Graph tags from its own head (the table's `openGraph`). */
function openGraph(pathname: string): boolean {
  const match = matchPublicRoute(pathname);
  return !!match && match !== 'not-found' && !!(PUBLIC_ROUTES[match.name] as PublicRoute).openGraph;
}

/**
 * Every page the web app serves. The public routes (packages/contract public-routes.ts) are rendered by the web
 * app's own components on the server, for a visitor (per-person state comes after hydration), and cached like
 * the public reads they are made of: until the next write (read cache), and per Seoul day (D-day badges). Other
 * routes get index.html, with noindex; without a server bundle (WEB_DIST set alone, tests) every page is
 * index.html with the link preview tags.
 */
export function pageSource(ctx: AppContext, loading: Promise<ServerBundle | null>, template: string) {
  const answer = apiReads(ctx);
  // The reads a render makes, by API path: the link preview is made from the render's own content read.
  const made = new AsyncLocalStorage<Map<string, ReadResult>>();
  const read = async (apiPath: string) => {
    const result = await answer(apiPath);
    made.getStore()?.set(apiPath.split('?')[0], result);
    return toResponse(result);
  };
  const ready = loading.then((bundle) => (bundle?.configure(read), bundle));

  const render = async (bundle: ServerBundle, req: FastifyRequest, pathname: string, search: string, origin: string) => {
    // A render reads in process, past the API's rate limit: it counts as one anonymous read of its visitor
    // (cached pages, like cached reads, cost nothing). Over the limit the page is served unrendered.
    await ctx.limiter.consume([{ limit: LIMITS.anonymousRead.limit, key: `ip:${req.ip}` }]);
    const reads = new Map<string, ReadResult>();
    const rendered = await made.run(reads, () => bundle.render(pathname, search, ctx.clock.now().getTime()));
    if (!rendered) return null;
    const card = cardContent(pathname);
    const content = card && reads.get(card.read);
    const preview =
      card && content
        ? previewTags(ctx, card.kind, content, origin, pathname)
        : rendered.status === 200 && rendered.head && openGraph(pathname)
          ? pageTagsOf(rendered.head, origin)
          : null;
    return encoded(rendered.status, renderedDocument(template, rendered, origin, preview));
  };

  return async (req: FastifyRequest): Promise<Page> => {
    const bundle = await ready;
    const [pathname, query] = req.url.split('?', 2);
    const search = query ? `?${query}` : '';
    const origin = `${req.protocol}://${req.host}`;
    if (bundle?.isPublicPath(pathname)) {
      try {
        const key = `page:${origin}${req.url}:${todayIn(ctx)}`;
        const page = await ctx.readCache.get(key, pageTags(pathname), () => render(bundle, req, pathname, search, origin));
        if (page) return pick(req, page);
      } catch (err) {
        // the page still loads (the client reads its data itself)
        if (!(err instanceof TooManyRequests)) req.log.warn({ err }, 'page render failed');
        return { status: 200, body: template, encoding: null };
      }
    }
    if (bundle) return { status: 200, body: withHead(template, NOINDEX), encoding: null };
    const head = await linkPreviewHead(ctx, answer, origin, pathname).catch(
      (err: unknown) => (req.log.warn({ err }, 'page head failed'), null),
    );
    return { status: 200, body: head ? withHead(template, head) : null, encoding: null };
  };
}
