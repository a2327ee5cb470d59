import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './store';

export const LOGIN_REQUIRED = '로그인이 필요합니다.';

/** One guard for every protected route: alert, then /login remembering where the user was. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const location = useLocation();
  const alerted = useRef(false);
  // A page being left (logout, withdrawal) may re-render once after the session is cleared: not a visit.
  const leaving = location.pathname !== window.location.pathname;
  useEffect(() => {
    if (!token && !leaving && !alerted.current) {
      alerted.current = true;
      alert(LOGIN_REQUIRED);
    }
  }, [token, leaving]);
  if (!token && leaving) return null;
  if (!token) {
    const from = location.pathname + location.search;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <>{children}</>;
}
