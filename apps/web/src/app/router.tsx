import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
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

/** A server-rendered page names itself (its title); a page reached by navigating in the app has the site's. */
function SiteTitle() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) document.title = SITE_TITLE;
  }, [pathname]);
  return null;
}
export const SITE_TITLE = '팀메이트 - 프로젝트·스터디 팀원 모집';

/**
 * Declarative routes, not createBrowserRouter: the data router (loaders, actions, fetchers), which no page
 * uses, is about 14 KB of brotli on the first load (bench/README.md).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}

/**
 * Every route inside the layout. The server renders the public ones from the same tree in a StaticRouter
 * (src/server.tsx), so the client takes the page over node for node.
 */
export function AppShell() {
  return (
    <>
      <CaptureNavigate />
      <SiteTitle />
      <UntilHydrated>
        <AppRoutes />
      </UntilHydrated>
    </>
  );
}

const noSubscription = () => () => {};

/**
 * A server-rendered page shows its controls before the JavaScript that runs them: until React has taken the page
 * over, every button, field and select is disabled (a disabled fieldset; `contents` leaves no box), so a tap on
 * one is never lost. Links work all along, as plain links.
 */
function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <fieldset className="contents" role="none" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}

function AppRoutes() {
  return (
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
  );
}
