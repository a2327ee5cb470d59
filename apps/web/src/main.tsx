import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { startFirstRoute } from './app/first-route';
import { AppRouter, navigate } from './app/router';
import { ApiError, setUnauthorizedHandler } from './shared/api/client';
import { auth } from './shared/auth/store';
import { LOGIN_REQUIRED } from './shared/auth/RequireAuth';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 1,
    },
  },
});

let redirecting = false;
/** 401 login_required anywhere: clear the session, say so once, and go to /login remembering the page. */
setUnauthorizedHandler(() => {
  if (redirecting) return;
  redirecting = true;
  auth.clear();
  queryClient.clear();
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
