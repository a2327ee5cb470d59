import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './store';

export const LOGIN_REQUIRED = '로그인이 필요합니다.';

let saidAt = -Infinity;
/**
 * Says 로그인이 필요합니다. (or why the session ended: a suspension's text) once for one end of a session: a 401 says
 * it and clears the session, and the protected page, mounted afresh without a token before the way to /login has
 * finished, does not say it again.
 */
export function sayLoginRequired(text = LOGIN_REQUIRED) {
  if (performance.now() - saidAt < 3000) return;
  saidAt = performance.now();
  alert(text);
}

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
      sayLoginRequired();
    }
  }, [token, leaving]);
  if (!token && leaving) return null;
  if (!token) {
    const from = location.pathname + location.search;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <>{children}</>;
}
