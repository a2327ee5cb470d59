import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../shared/api/client';
import { recoveryApi, useCheckEmail } from './api';
import { CodeStep } from './CodeStep';
import { Note, RecoveryShell } from './RecoveryShell';
import { T } from './texts';

/** /find/login-ids: check the e-mail, send a code, verify it, then the masked ids. */
export default function FindLoginIdsPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState<{ ok: boolean; text: string } | null>(null);
  const check = useCheckEmail();
  const trimmed = email.trim();

  const runCheck = () => {
    if (!trimmed) return;
    check.mutate(trimmed, {
      onSuccess: () => setChecked({ ok: true, text: T.emailRegistered }),
      onError: (e) => setChecked({ ok: false, text: e instanceof ApiError && e.status === 404 ? T.emailUnknown : errorText(e) }),
    });
  };

  return (
    <RecoveryShell title="아이디 찾기">
      <div className="flex flex-col gap-2">
        <label className="text-sm font-medium text-gray-700" htmlFor="find-email">
          이메일
        </label>
        <div className="flex gap-2">
          <input
            id="find-email"
            className="input min-w-0 flex-1"
            type="email"
            autoComplete="email"
            placeholder="가입한 이메일"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setChecked(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) runCheck();
            }}
          />
          <button type="button" className="btn-secondary" disabled={!trimmed || check.isPending} onClick={runCheck}>
            이메일 확인
          </button>
        </div>
        {checked && <Note ok={checked.ok}>{checked.text}</Note>}
      </div>
      <CodeStep
        key={checked?.ok ? trimmed : ''}
        ready={!!checked?.ok}
        send={() => recoveryApi.sendFindIdCode(trimmed)}
        verify={async (code) => {
          const ids = await recoveryApi.verifyFindIdCode(trimmed, code);
          navigate('/find/login-ids-result', { state: { maskedLoginIds: ids.map((i) => i.maskedLoginId) } });
        }}
        wrongCodeText={T.findIdCodeWrong}
      />
    </RecoveryShell>
  );
}
