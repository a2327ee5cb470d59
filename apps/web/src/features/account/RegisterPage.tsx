import { useNavigate } from 'react-router';
import { errorText } from '../../shared/api/client';
import { AccountForm } from './AccountForm';
import { useRegister } from './api';
import { emptyEmail } from './EmailInput';

export default function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <div className="card p-8">
        <h1 className="mb-6 text-xl font-bold">회원가입</h1>
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
