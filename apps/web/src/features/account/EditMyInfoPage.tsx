import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, sessionExpired } from '../../shared/api/client';
import { auth } from '../../shared/auth/store';
import { splitPhone } from '../../shared/ui/PhoneInput';
import { AccountForm } from './AccountForm';
import { accountApi, meKey, useMe } from './api';
import { splitEmail } from './EmailInput';

export default function EditMyInfoPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me, error } = useMe();
  const [reason, setReason] = useState('');

  useEffect(() => {
    if (error && !sessionExpired(error)) alert('사용자 정보를 불러올 수 없습니다.');
  }, [error]);

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <div className="card p-8">
        <h1 className="mb-6 text-xl font-bold">회원 정보 수정</h1>
        {me && (
          <AccountForm
            mode="edit"
            submitLabel="저장"
            initial={{ loginId: me.loginId, email: splitEmail(me.email), phone: splitPhone(me.phoneNumber), nickname: me.nickname }}
            onCancel={() => navigate('/myinfo')}
            onSubmit={async (v) => {
              try {
                await accountApi.update(me.id, {
                  loginId: me.loginId,
                  password: v.password,
                  email: v.email,
                  phoneNumber: v.phoneNumber,
                  nickname: v.nickname,
                });
                auth.setNickname(v.nickname);
                await queryClient.invalidateQueries({ queryKey: meKey });
                alert('사용자 정보가 성공적으로 수정되었습니다.');
                navigate('/myinfo');
              } catch (e) {
                if (sessionExpired(e)) return;
                setReason(errorText(e));
                alert('사용자 정보 수정을 할 수 없습니다.');
              }
            }}
          />
        )}
        {reason && (
          <p className="mt-4 text-sm text-red-500" role="alert">
            {reason}
          </p>
        )}
      </div>
    </div>
  );
}
