import { useState, type FormEvent } from 'react';
import { errorText, sessionExpired } from '../../shared/api/client';
import { Field } from '../../shared/ui/Field';
import { useSetPassword } from './api';
import { PasswordMatch } from './PasswordMatch';

/** 비밀번호 설정: a login id and a password for an account that has neither (the sign-up's rules, checked by the server). */
export function SetPasswordForm() {
  const save = useSetPassword();
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    if (!loginId.trim() || !password) return setProblem('아이디와 비밀번호를 입력해주세요.');
    if (password !== confirm) return setProblem('비밀번호가 일치하지 않습니다.');
    setProblem('');
    // the promise, not mutate's callbacks: once saved, the account reads again that it has a password and this form
    // leaves the page, and a callback of an unmounted form would never run (the success text went unsaid)
    save.mutateAsync({ loginId: loginId.trim(), password }).then(
      (text) => alert(text),
      (err: unknown) => !sessionExpired(err) && setProblem(errorText(err)),
    );
  };

  return (
    <form
      onSubmit={submit}
      className="mt-2 flex flex-col gap-4 border-t border-gray-100 pt-4"
      aria-labelledby="set-password-heading"
      noValidate
    >
      <div>
        <h3 id="set-password-heading" className="font-bold">
          비밀번호 설정
        </h3>
        <p className="mt-1 text-sm text-gray-600">
          아이디와 비밀번호를 설정하면 연결한 계정 없이도 로그인할 수 있고, 아이디 찾기와 비밀번호 찾기도 쓸 수 있습니다.
        </p>
      </div>
      <Field label="아이디" htmlFor="set-login-id">
        <input
          id="set-login-id"
          className="input"
          autoComplete="username"
          value={loginId}
          onChange={(e) => setLoginId(e.target.value)}
        />
      </Field>
      <Field label="비밀번호" htmlFor="set-password">
        <input
          id="set-password"
          type="password"
          className="input"
          autoComplete="new-password"
          placeholder="8자 이상"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Field label="비밀번호 확인" htmlFor="set-password-confirm">
        <div className="flex items-center gap-2">
          <input
            id="set-password-confirm"
            type="password"
            className="input flex-1"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <PasswordMatch password={password} confirm={confirm} />
        </div>
      </Field>
      {problem && (
        <p className="text-sm text-red-700" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={save.isPending}>
        설정하기
      </button>
    </form>
  );
}
