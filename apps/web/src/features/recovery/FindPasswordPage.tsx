import { SOCIAL_ACCOUNT_RECOVERY_TEXT } from '@app/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { recoveryApi, useCheckLoginIdEmail } from './api';
import { CodeStep } from './CodeStep';
import { Note, RecoveryShell } from './RecoveryShell';
import { T } from './texts';

/** /find/password: confirm the login id and its e-mail, verify a digit code, then /change-password. */
export default function FindPasswordPage() {
  const navigate = useNavigate();
  const [loginId, setLoginId] = useState('');
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState<{ ok: boolean; text: string } | null>(null);
  const check = useCheckLoginIdEmail();
  const pair = { loginId: loginId.trim(), email: email.trim() };
  const complete = !!pair.loginId && !!pair.email;

  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setChecked(null);
  };
  const runCheck = () => {
    if (!complete) return;
    check.mutate(pair, {
      onSuccess: () => setChecked({ ok: true, text: T.pairConfirmed }),
      onError: (e) => setChecked({ ok: false, text: e instanceof ApiError && e.status > 0 ? e.message : T.pairRecheck }),
    });
  };

  return (
    <RecoveryShell title="비밀번호 찾기">
      <div className="flex flex-col gap-3">
        <input
          className="input"
          aria-label="아이디"
          placeholder="아이디"
          autoComplete="username"
          value={loginId}
          onChange={(e) => edit(setLoginId)(e.target.value)}
        />
        <input
          className="input"
          type="email"
          aria-label="이메일"
          placeholder="가입한 이메일"
          autoComplete="email"
          value={email}
          onChange={(e) => edit(setEmail)(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) runCheck();
          }}
        />
        <button type="button" className="btn-secondary" disabled={!complete || check.isPending} onClick={runCheck}>
          정보 확인
        </button>
        {checked && <Note ok={checked.ok}>{checked.text}</Note>}
        {/* an account made with Kakao, Naver, GitHub or Google has no login id to find a password for */}
        {checked && !checked.ok && <p className="text-sm text-gray-600">{SOCIAL_ACCOUNT_RECOVERY_TEXT}</p>}
      </div>
      <CodeStep
        key={checked?.ok ? `${pair.loginId}\n${pair.email}` : ''}
        ready={!!checked?.ok}
        digitsOnly
        send={() => recoveryApi.sendPasswordCode(pair.loginId, pair.email)}
        verify={async (code) => {
          await recoveryApi.verifyPasswordCode(pair.loginId, pair.email, code);
          navigate('/change-password', { state: { loginId: pair.loginId } });
        }}
        wrongCodeText={T.passwordCodeWrong}
      />
    </RecoveryShell>
  );
}
