import { OAUTH_ERROR_TEXTS, oauthText } from '@app/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { auth } from '../../shared/auth/store';
import { useLogin } from './api';

const FAILED = '로그인 실패! 아이디나 비밀번호를 다시 한 번 확인해주세요.';

/** Why a social sign-in came back here (`?oauthError={code}&provider={p}`): the contract's text of the code. */
function useOAuthError(): string {
  const [params] = useSearchParams();
  const code = params.get('oauthError');
  if (code === null) return '';
  const template = Object.hasOwn(OAUTH_ERROR_TEXTS, code)
    ? OAUTH_ERROR_TEXTS[code as keyof typeof OAUTH_ERROR_TEXTS]
    : OAUTH_ERROR_TEXTS.failed;
  return oauthText(template, params.get('provider'));
}

/** Where to go after login: the remembered page, never another site. */
function useFrom(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  const from = (location.state as { from?: string } | null)?.from ?? params.get('from') ?? '/';
  return from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/** `social`: the social sign-in buttons under the form (composed in app/), given where to come back to. */
export function LoginPage({ social }: { social?: (from: string) => ReactNode }) {
  const navigate = useNavigate();
  const from = useFrom();
  const oauthError = useOAuthError();
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [detail, setDetail] = useState('');
  const login = useLogin();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    if (!loginId.trim() || !password) {
      setError('아이디와 비밀번호를 입력해주세요.');
      setDetail('');
      return;
    }
    login.mutate(
      { loginId: loginId.trim(), password },
      {
        onSuccess: (res) => {
          alert('로그인 성공!');
          auth.login(res.token, res.nickname);
          navigate(from, { replace: true });
        },
        onError: (err) => {
          // a suspended account: the server's text gives the end date and the reason
          if (err instanceof ApiError && err.code === 'account_suspended') {
            setError(err.message);
            setDetail('');
            return;
          }
          setError(FAILED);
          // a per-IP limit or a locked id: the server's text says why and for how long
          setDetail(err instanceof ApiError && err.status === 429 ? err.message : '');
        },
      },
    );
  };

  return (
    <div className="flex min-h-[80vh] items-center justify-center px-4">
      <form onSubmit={submit} className="card w-full max-w-sm p-8" noValidate>
        <Link to="/" className="mb-2 block text-center text-2xl font-extrabold text-indigo-600">
          팀메이트
        </Link>
        <h1 className="mb-6 text-center text-lg font-semibold">로그인</h1>
        {oauthError && (
          <p className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert" data-testid="oauth-error">
            {oauthError}
          </p>
        )}
        <div className="flex flex-col gap-3">
          <LoginInput label="아이디" autoComplete="username" value={loginId} onChange={setLoginId} />
          <LoginInput label="비밀번호" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
          {error && (
            <div className="text-sm text-red-700" role="alert">
              <p>{error}</p>
              {detail && <p className="mt-1">{detail}</p>}
            </div>
          )}
          <button type="submit" className="btn-primary mt-2" disabled={login.isPending}>
            로그인
          </button>
        </div>
        {social?.(from)}
        <div className="mt-4 flex justify-center gap-4 text-sm text-gray-500">
          <Link to="/find/login-ids">아이디 찾기</Link>
          <Link to="/find/password">비밀번호 찾기</Link>
          <Link to="/register" state={{ from }}>
            회원가입
          </Link>
        </div>
        <button type="button" className="btn-secondary mt-6 w-full" onClick={() => navigate('/')}>
          뒤로가기
        </button>
      </form>
    </div>
  );
}

interface LoginInputProps {
  label: string;
  type?: 'text' | 'password';
  autoComplete: string;
  value: string;
  onChange(value: string): void;
}

/** A login field labelled by its placeholder. */
function LoginInput({ label, type = 'text', autoComplete, value, onChange }: LoginInputProps) {
  return (
    <input
      className="input"
      type={type}
      placeholder={label}
      aria-label={label}
      autoComplete={autoComplete}
      value={value}
      required
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
