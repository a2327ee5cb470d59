import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorText, sessionExpired } from '../../shared/api/client';
import { auth } from '../../shared/auth/store';
import { formatPhone } from '../../shared/lib/format';
import { InfoRows } from '../../shared/ui/InfoRows';
import { useMyAccount, useWithdraw } from './api';

/** The account card; other areas' cards (profile, history) come in as children, composed in app/. */
export default function MyInfoPage({ children }: { children?: ReactNode }) {
  const navigate = useNavigate();
  const { data: me } = useMyAccount();
  const withdrawal = useWithdraw();
  const [reason, setReason] = useState('');

  const withdraw = () => {
    if (!me || !confirm('정말로 탈퇴하시겠습니까?')) return;
    withdrawal.mutate(me.id, {
      onSuccess: async () => {
        await navigate('/', { replace: true, flushSync: true });
        auth.clear();
        alert('회원탈퇴가 완료되었습니다.');
      },
      onError: (e) => {
        if (sessionExpired(e)) return;
        setReason(errorText(e));
        alert('회원탈퇴가 실패했습니다.');
      },
    });
  };

  const rows: Array<[string, string]> = me
    ? [
        ['아이디', me.loginId ?? '없음 (소셜 계정)'],
        ['이메일', me.email],
        ['전화번호', formatPhone(me.phoneNumber)],
        ['닉네임', me.nickname],
      ]
    : [];

  return (
    <div className="page flex flex-col gap-6">
      <section className="card p-6" aria-labelledby="account-heading">
        <div className="mb-4 flex items-center justify-between">
          <h1 id="account-heading" className="text-xl font-bold">
            내 정보
          </h1>
          <div className="flex gap-2">
            <button type="button" className="btn-secondary" onClick={() => navigate('/myinfo/edit')}>
              수정
            </button>
            <button type="button" className="btn-danger" disabled={!me || withdrawal.isPending} onClick={withdraw}>
              회원탈퇴
            </button>
          </div>
        </div>
        <InfoRows rows={rows} testIdPrefix="myinfo" gap="gap-y-3" />
        {reason && (
          <p className="mt-4 text-sm text-red-700" role="alert">
            {reason}
          </p>
        )}
      </section>
      {children}
    </div>
  );
}
