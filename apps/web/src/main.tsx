import { QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startFirstRoute } from './app/first-route';
import { AppRouter, navigate } from './app/router';
import { setUnauthorizedHandler } from './shared/api/client';
import { markFirstLoad } from './shared/api/first-load';
import { createQueryClient } from './shared/api/query-client';
import { chatLauncher } from './features/chat/launcher';
import { dropDevicePush } from './features/notifications/session';
import { ownSession } from './shared/auth/session';
import { auth } from './shared/auth/store';
import { sayLoginRequired } from './shared/auth/RequireAuth';
import { pinNow } from './shared/lib/now';
import './index.css';

const queryClient = createQueryClient();
ownSession(queryClient, [chatLauncher.close, dropDevicePush]);

let redirecting = false;
/**
 * 401 login_required anywhere: end the session (the session owner drops its reads), say so once, go to /login.
 * 403 account_suspended the same, saying the server's text (the end date and the reason).
 */
setUnauthorizedHandler((text) => {
  if (redirecting) return;
  redirecting = true;
  auth.clear();
  sayLoginRequired(text);
  const from = location.pathname + location.search;
  void Promise.resolve(navigate(`/login?from=${encodeURIComponent(from)}`, { from })).finally(() => {
    redirecting = false;
  });
});

/**
 * A page the server rendered (src/server.tsx) carries the reads it was rendered from: they are this visit's
 * reads (no page asks again), and React takes over the markup in place instead of rendering it anew.
 */
function takeServerState(): boolean {
  const script = document.getElementById('page-state');
  if (!script?.textContent) return false;
  const { now, queries } = JSON.parse(script.textContent) as { now: number; queries: DehydratedState };
  // only successful reads travel (dehydrate's default), so setting their data is all of hydrate() this needs (the
  // library's hydrate is 1.2 KB of minified code on the first load); dated now: just received, however long the
  // page was cached
  const received = Date.now();
  for (const q of queries.queries) {
    queryClient.setQueryData(q.queryKey, q.state.data, { updatedAt: received });
    markFirstLoad(q.queryKey);
  }
  pinNow(now);
  return true;
}

// the offline page and web push (public/sw.js), once the page has loaded
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  addEventListener('load', () => navigator.serviceWorker.register('/sw.js').catch(() => {}));

const rendered = takeServerState();
const root = document.getElementById('root')!;
const app = (
  <QueryClientProvider client={queryClient}>
    <AppRouter />
  </QueryClientProvider>
);
// the route's code first: hydration then meets no lazy page (the page's data, when rendered, is fresh: not read again)
void startFirstRoute(queryClient, new URL(location.href)).then(() => {
  if (rendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
