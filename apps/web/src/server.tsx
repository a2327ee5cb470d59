/**
 * The server's rendering of the public pages (built with `vite build --ssr`, loaded by the API server's
 * features/pages/pages.ts): the same components, routes and reads as the browser, rendered for a visitor. The
 * page's reads are answered by the server in process (`configure`); what was read travels in the page as JSON,
 * and main.tsx takes the page over (hydration) instead of rendering it again.
 */
import { matchPublicRoute } from '@app/contract/public-routes';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { Layout } from './app/Layout';
import { publicPage } from './app/public-pages';
import { AppShell } from './app/router';
import { routes } from './app/routes';
import { StatusPage } from './app/StatusPage';
import { RECRUITMENT } from './features/posts/kinds';
import { ApiError, setTransport, type Transport } from './shared/api/client';
import { pinNow } from './shared/lib/now';

export interface RenderedPage {
  status: 200 | 403 | 404;
  /** the markup inside #root */
  html: string;
  /** what main.tsx takes the page over with (JSON), only on a 200 */
  state: string | null;
  head: { title: string; description?: string; canonical: string } | null;
}

/** Where the page's reads go (the server answers them in process); set once. */
export function configure(read: Transport) {
  setTransport(read);
}

/** Loads every route's code once, so no render meets a lazy page (it would render the Suspense fallback). */
export async function preload() {
  await Promise.all(routes.filter((r) => !r.auth).map((r) => r.Page.preload()));
}

/** Whether the server renders this path (the other pages stay client-rendered). */
export const isPublicPath = (pathname: string) => matchPublicRoute(pathname) !== null;

/**
 * The client routes that are not public pages, as path prefixes (robots.txt disallows them; their pages carry
 * noindex): the member-only ones and the rest (sign-in, recovery, a person's own lists).
 */
export const memberPaths = routes
  .filter((r) => r.path !== '*' && !isPublicPath(r.path.replace(/:[^/]+/g, '1')))
  .map((r) => r.path.replace(/\/:.*$/, '/'));

const statusPage = (url: string, page: ReactNode) => (
  <StaticRouter location={url}>
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={page} />
      </Route>
    </Routes>
  </StaticRouter>
);

/** A public page as a visitor sees it after loading, or null for a route the server does not render. */
export async function render(pathname: string, search: string, now: number): Promise<RenderedPage | null> {
  const page = publicPage(pathname, new URLSearchParams(search));
  if (page === null) return null;
  const url = pathname + search;
  const NotFound = routes.find((r) => r.path === '*')!.Page;
  const notFound = (): RenderedPage => ({
    status: 404,
    html: renderToString(statusPage(url, <NotFound />)),
    state: null,
    head: null,
  });
  if (page === 'not-found') return notFound();

  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    await Promise.all(page.queries.map((q) => (q.required ? client.fetchQuery(q) : client.prefetchQuery(q))));
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return notFound();
    if (e instanceof ApiError && e.status === 403) {
      const list = pathname.startsWith('/study-group/') ? '/study-groups' : RECRUITMENT.listPath;
      const html = renderToString(statusPage(url, <StatusPage text={e.message} to={list} label="다른 공고 보기" />));
      return { status: 403, html, state: null, head: null };
    }
    throw e;
  }
  pinNow(now);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <StaticRouter location={url}>
        <AppShell />
      </StaticRouter>
    </QueryClientProvider>,
  );
  // `<` escaped: the JSON sits in a <script type="application/json"> that nothing may close early
  const state = JSON.stringify({ now, queries: dehydrate(client) }).replace(/</g, '\\u003c');
  return { status: 200, html, state, head: page.head(client) };
}
