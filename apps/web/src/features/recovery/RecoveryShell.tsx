import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The card every recovery page sits in (these pages have no navigation bar), with the ways out. */
export function RecoveryShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[80vh] items-center justify-center px-4 py-10">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <Link to="/" className="mb-2 block text-center text-2xl font-extrabold text-indigo-600">
          팀메이트
        </Link>
        <h1 className="mb-6 text-center text-lg font-semibold">{title}</h1>
        {children}
        <nav className="mt-6 flex justify-center gap-4 text-sm text-gray-500">
          <Link to="/login">로그인</Link>
          <Link to="/find/login-ids">아이디 찾기</Link>
          <Link to="/find/password">비밀번호 찾기</Link>
        </nav>
      </div>
    </div>
  );
}

/** A one-line result under a step: green when it went through, red when not. */
export function Note({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p className={`text-sm ${ok ? 'text-green-600' : 'text-red-700'}`} role={ok ? 'status' : 'alert'}>
      {children}
    </p>
  );
}
