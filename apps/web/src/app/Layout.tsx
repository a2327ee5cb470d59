import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';

const BARE_PAGES = [/^\/login$/, /^\/register$/, /^\/find\//, /^\/change-password$/];

export function Layout() {
  const { pathname } = useLocation();
  const bare = BARE_PAGES.some((re) => re.test(pathname));
  return (
    <div className="flex min-h-screen flex-col">
      {!bare && <Header />}
      <main className="flex-1">
        <Suspense fallback={<div className="page text-center text-gray-600">불러오는 중...</div>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
