import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { startFirstRoute } from './app/first-route';
import { AppRouter, navigate } from './app/router';
import { setUnauthorizedHandler } from './shared/api/client';
import { createQueryClient } from './shared/api/query-client';
import { ownSession } from './shared/auth/session';
import { auth } from './shared/auth/store';
import { LOGIN_REQUIRED } from './shared/auth/RequireAuth';
import './index.css';

const queryClient = createQueryClient();
ownSession(queryClient);

let redirecting = false;
/** 401 login_required anywhere: end the session (the session owner drops its reads), say so once, go to /login. */
setUnauthorizedHandler(() => {
  if (redirecting) return;
  redirecting = true;
  auth.clear();
  alert(LOGIN_REQUIRED);
  const from = location.pathname + location.search;
  void Promise.resolve(navigate(`/login?from=${encodeURIComponent(from)}`, { from })).finally(() => {
    redirecting = false;
  });
});

void startFirstRoute(queryClient, new URL(location.href)).then(() =>
  createRoot(document.getElementById('root')!).render(
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>,
  ),
);
