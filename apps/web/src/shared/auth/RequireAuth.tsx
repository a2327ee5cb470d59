import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './store';

export const LOGIN_REQUIRED = '로그인이 필요합니다.';

/** One guard for every protected route: alert, then /login remembering where the user was. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const location = useLocation();
  const alerted = useRef(false);
  useEffect(() => {
    if (!token && !alerted.current) {
      alerted.current = true;
      alert(LOGIN_REQUIRED);
    }
  }, [token]);
  if (!token) {
    const from = location.pathname + location.search;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <>{children}</>;
}
