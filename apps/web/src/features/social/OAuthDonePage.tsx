import type { OAuthExchangeResponse } from '@app/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../shared/api/client';
import { auth } from '../../shared/auth/store';
import { socialApi } from './api';

type Exchanged = OAuthExchangeResponse;
export type Signup = Extract<Exchanged, { signupToken: string }>;

/**
 * The one-time code is good for one exchange: a page that renders twice for one address (a remount) waits for the
 * same exchange instead of spending the code again.
 */
const exchanges = new Map<string, Promise<Exchanged>>();
const exchangeOnce = (code: string) => {
  let p = exchanges.get(code);
  if (!p) exchanges.set(code, (p = socialApi.exchange(code)));
  return p;
};

/** A path of this site, never another site (the server checked it already; this is the second lock). */
export const safeFrom = (from: string | null | undefined) =>
  from && from.startsWith('/') && !/^\/[/\\]/.test(from) && !/[\\\s]/.test(from) ? from : '/';

/** `#code=…&from=…`, read once: the fragment is then taken out of the address (and the history). */
function readFragment(): { code: string | null; from: string } {
  const params = new URLSearchParams(location.hash.slice(1));
  if (location.hash) history.replaceState(history.state, '', location.pathname);
  return { code: params.get('code'), from: safeFrom(params.get('from')) };
}

const NO_CODE = '로그인 정보가 없습니다. 다시 로그인해주세요.';

type View = { kind: 'working' } | { kind: 'failed'; text: string } | { kind: 'signup'; signup: Signup; from: string };

interface OAuthDonePageProps {
  /** the sign-up completion of a new identity (composed in app/); `onDone` starts the session and goes on */
  signupForm(signup: Signup, onDone: (token: string, nickname: string) => void): ReactNode;
}

/**
 * /oauth/done: where a social sign-in lands. A known identity is signed in as the login page does it and goes
 * back to where it started; a new one completes the sign-up here.
 */
export function OAuthDonePage({ signupForm }: OAuthDonePageProps) {
  const navigate = useNavigate();
  const [fragment] = useState(readFragment);
  const [view, setView] = useState<View>(() => (fragment.code ? { kind: 'working' } : { kind: 'failed', text: NO_CODE }));

  useEffect(() => {
    const { code, from } = fragment;
    if (!code) return;
    let live = true;
    exchangeOnce(code).then(
      (res) => {
        if (!live) return;
        if ('token' in res) {
          auth.login(res.token, res.nickname);
          void navigate(safeFrom(res.from), { replace: true });
        } else {
          setView({ kind: 'signup', signup: res, from });
        }
      },
      (e: unknown) => live && setView({ kind: 'failed', text: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [fragment, navigate]);

  if (view.kind === 'signup') {
    const { from } = view;
    return signupForm(view.signup, (token, nickname) => {
      auth.login(token, nickname);
      void navigate(from, { replace: true });
    });
  }
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="card w-full max-w-sm p-8 text-center">
        {view.kind === 'working' ? (
          <p className="text-gray-600" role="status">
            로그인하는 중입니다…
          </p>
        ) : (
          <>
            <p className="text-red-700" role="alert">
              {view.text}
            </p>
            <Link to="/login" className="btn-primary mt-6 w-full">
              로그인하러 가기
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
