import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../shared/api/client';
import { auth } from '../../shared/auth/store';
import { useChangePassword } from './api';
import { Note, RecoveryShell } from './RecoveryShell';
import { T } from './texts';

/** /change-password: only with the login id the password-find page passes in navigation state. */
export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const loginId = (useLocation().state as { loginId?: unknown } | null)?.loginId;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState('');
  const change = useChangePassword();

  if (typeof loginId !== 'string' || !loginId) {
    return (
      <RecoveryShell title="비밀번호 변경">
        <p className="py-6 text-center text-red-700" role="alert">
          {T.noAccess}
        </p>
        <Link to="/find/password" className="btn-primary w-full">
          비밀번호 찾기
        </Link>
      </RecoveryShell>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) return alert(T.passwordMismatch);
    setFailure('');
    change.mutate(
      { loginId, newPassword: password, confirmPassword: confirm },
      {
        onSuccess: () => {
          alert(T.passwordChanged);
          // every session of this account ended on the server, this browser's too if it had one
          if (auth.loginId()?.toLowerCase() === loginId.trim().toLowerCase()) auth.clear();
          navigate('/login', { replace: true });
        },
        onError: (err) => {
          alert(T.passwordChangeFailed);
          setFailure(errorText(err));
        },
      },
    );
  };

  return (
    <RecoveryShell title="비밀번호 변경">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <p className="text-center text-sm text-gray-600">
          <span className="font-semibold">{loginId}</span> 계정의 새 비밀번호를 입력해주세요.
        </p>
        <input
          className="input"
          type="password"
          aria-label="새 비밀번호"
          placeholder="새 비밀번호 (8자 이상)"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <input
          className="input"
          type="password"
          aria-label="새 비밀번호 확인"
          placeholder="새 비밀번호 확인"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {confirm && <Note ok={password === confirm}>{password === confirm ? T.passwordMatch : T.passwordMismatch}</Note>}
        <button type="submit" className="btn-primary mt-2" disabled={change.isPending}>
          비밀번호 변경
        </button>
        {failure && <Note ok={false}>{failure}</Note>}
      </form>
    </RecoveryShell>
  );
}
