import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, sessionExpired } from '../../shared/api/client';
import { splitPhone } from '../../shared/ui/PhoneInput';
import { AccountForm, type AccountFormValues } from './AccountForm';
import { useMyAccount, useUpdateMe } from './api';
import { splitEmail } from './EmailInput';

export default function EditMyInfoPage() {
  const navigate = useNavigate();
  const { data: me } = useMyAccount();
  const update = useUpdateMe();
  const [reason, setReason] = useState('');

  const save = (id: number, loginId: string, v: AccountFormValues) =>
    update.mutate(
      { id, body: { loginId, password: v.password, email: v.email, phoneNumber: v.phoneNumber, nickname: v.nickname } },
      {
        onSuccess: () => {
          alert('사용자 정보가 성공적으로 수정되었습니다.');
          navigate('/myinfo');
        },
        onError: (e) => {
          if (sessionExpired(e)) return;
          setReason(errorText(e));
          alert('사용자 정보 수정을 할 수 없습니다.');
        },
      },
    );

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <div className="card p-8">
        <h1 className="mb-6 text-xl font-bold">회원 정보 수정</h1>
        {me && (
          <AccountForm
            mode="edit"
            withoutLogin={me.loginId === null}
            submitLabel="저장"
            initial={{
              loginId: me.loginId ?? '',
              email: splitEmail(me.email),
              phone: splitPhone(me.phoneNumber),
              nickname: me.nickname,
            }}
            onCancel={() => navigate('/myinfo')}
            busy={update.isPending}
            onSubmit={(v) => save(me.id, me.loginId ?? '', v)}
          />
        )}
        {reason && (
          <p className="mt-4 text-sm text-red-700" role="alert">
            {reason}
          </p>
        )}
      </div>
    </div>
  );
}
