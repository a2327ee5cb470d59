import type { OAuthExchangeResponse } from '@app/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../shared/api/client';
import { AccountForm } from './AccountForm';
import { useRegisterSocial } from './api';
import { emptyEmail, splitEmail } from './EmailInput';

type Signup = Extract<OAuthExchangeResponse, { signupToken: string }>;

/**
 * The social sign-up completion: the sign-up's form without login id and password (nickname with its duplicate
 * check, phone, e-mail), started from what the provider told us. The signup token lives 30 minutes and is kept by
 * a refused attempt.
 */
export function SocialSignUpForm({ signup, onDone }: { signup: Signup; onDone(token: string, nickname: string): void }) {
  const navigate = useNavigate();
  const register = useRegisterSocial();
  const [problem, setProblem] = useState<{ text: string; expired: boolean } | null>(null);
  const { nickname, email } = signup.suggested;

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-xl font-bold">회원가입 완료하기</h1>
        <p className="mb-6 mt-2 text-sm text-gray-600">
          팀메이트에서 쓸 닉네임과 연락처를 확인해주세요. 아이디와 비밀번호는 나중에 내 정보에서 설정할 수 있습니다.
        </p>
        <AccountForm
          mode="social"
          submitLabel="가입하기"
          initial={{
            loginId: '',
            email: email ? splitEmail(email) : emptyEmail,
            phone: ['010', '', ''],
            nickname: nickname ?? '',
          }}
          onCancel={() => navigate('/login', { replace: true })}
          busy={register.isPending}
          onSubmit={(v) => {
            setProblem(null);
            register.mutate(
              { signupToken: signup.signupToken, nickname: v.nickname, phoneNumber: v.phoneNumber, email: v.email },
              {
                onSuccess: (res) => onDone(res.token, res.nickname),
                onError: (e) =>
                  setProblem({
                    text: errorText(e),
                    expired: e instanceof ApiError && (e.code === 'signup_expired' || e.code === 'identity_in_use'),
                  }),
              },
            );
          }}
        />
        {problem && (
          <div className="mt-4 text-sm text-red-700" role="alert">
            <p>{problem.text}</p>
            {problem.expired && (
              <Link to="/login" className="mt-2 inline-block font-medium underline">
                다시 로그인하기
              </Link>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
