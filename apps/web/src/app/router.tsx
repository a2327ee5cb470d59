import { useLayoutEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { RequireAuth } from '../shared/auth/RequireAuth';
import { Layout } from './Layout';
import { routes } from './routes';

let navigateOutside: NavigateFunction | null = null;
/** Navigation for code outside the React tree (the 401 handler in main.tsx). */
export const navigate = (to: string, state?: unknown) => navigateOutside?.(to, { state });

function CaptureNavigate() {
  const nav = useNavigate();
  useLayoutEffect(() => {
    navigateOutside = nav;
  }, [nav]);
  return null;
}

/**
 * Declarative routes, not createBrowserRouter: the data router (loaders, actions, fetchers), which no page
 * uses, is about 14 KB of brotli on the first load (bench/README.md).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <CaptureNavigate />
      <Routes>
        <Route element={<Layout />}>
          {routes.map(({ path, Page, auth }) => (
            <Route
              key={path}
              path={path}
              element={
                auth ? (
                  <RequireAuth>
                    <Page />
                  </RequireAuth>
                ) : (
                  <Page />
                )
              }
            />
          ))}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
