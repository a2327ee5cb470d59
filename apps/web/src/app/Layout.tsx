import { Fragment, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSessionGeneration } from '../shared/auth/session';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from '../shared/ui/PageLoading';

const BARE_PAGES = [/^\/login$/, /^\/register$/, /^\/find\//, /^\/change-password$/];

export function Layout() {
  const { pathname } = useLocation();
  const bare = BARE_PAGES.some((re) => re.test(pathname));
  // a new session mounts the header and the page afresh: nothing one person had open or typed stays (session.ts)
  const session = useSessionGeneration();
  return (
    <div className="flex min-h-screen flex-col">
      <Fragment key={session}>
        {!bare && <Header />}
        <main className="flex-1">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </Fragment>
      <Footer />
    </div>
  );
}
