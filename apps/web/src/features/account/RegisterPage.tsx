import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../shared/api/client';
import { AccountForm } from './AccountForm';
import { useRegister } from './api';
import { emptyEmail } from './EmailInput';

/** `social`: the social sign-up buttons above the form (composed in app/), given where to come back to. */
export function RegisterPage({ social }: { social?: (from: string) => ReactNode }) {
  const navigate = useNavigate();
  const register = useRegister();
  // a social sign-up comes back to the page the visitor came from (the login page passes it on), else home
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <div className="card p-8">
        <h1 className="mb-6 text-xl font-bold">회원가입</h1>
        {social?.(typeof from === 'string' ? from : '/')}
        <AccountForm
          mode="register"
          submitLabel="회원가입"
          initial={{ loginId: '', email: emptyEmail, phone: ['010', '', ''], nickname: '' }}
          onCancel={() => navigate(-1)}
          busy={register.isPending}
          onSubmit={(v) =>
            register.mutate(v, {
              onSuccess: () => {
                alert('회원가입이 완료되었습니다.');
                navigate('/login');
              },
              onError: (e) => alert(`회원가입 실패: ${errorText(e)}`),
            })
          }
        />
      </div>
    </div>
  );
}
