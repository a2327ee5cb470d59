import { useState, type FormEvent } from 'react';
import { Field } from '../../shared/ui/Field';
import { FormButtons } from '../../shared/ui/FormButtons';
import { joinPhone, PhoneInput } from '../../shared/ui/PhoneInput';
import { accountApi } from './api';
import { EmailInput, joinEmail, type EmailValue } from './EmailInput';
import { PasswordMatch } from './PasswordMatch';
import { useDuplicateCheck } from './useDuplicateCheck';

export interface AccountFormValues {
  loginId: string;
  password: string;
  email: string;
  phoneNumber: string;
  nickname: string;
}

interface AccountFormProps {
  /** `social`: the sign-up completion of a social account (no login id, no password) */
  mode: 'register' | 'edit' | 'social';
  /** edit of an account without a login id (a social account): no login id to show, no password to change here */
  withoutLogin?: boolean;
  initial: { loginId: string; email: EmailValue; phone: [string, string, string]; nickname: string };
  submitLabel: string;
  /** the save is under way: the submit button waits */
  busy: boolean;
  onSubmit(values: AccountFormValues): void;
  onCancel(): void;
}

/**
 * Sign-up, the social sign-up completion and edit-my-info share one form; edit keeps the login id read-only and the
 * old nickname verified. A social account has neither login id nor password until it sets both in 내 정보.
 */
export function AccountForm({ mode, withoutLogin = false, initial, submitLabel, busy, onSubmit, onCancel }: AccountFormProps) {
  const loginFields = mode !== 'social' && !withoutLogin;
  const [loginId, setLoginId] = useState(initial.loginId);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [email, setEmail] = useState(initial.email);
  const [phone, setPhone] = useState(initial.phone);
  const [nickname, setNickname] = useState(initial.nickname);

  const idCheck = useDuplicateCheck(loginId, accountApi.loginIdTaken, {
    taken: '이미 사용 중인 아이디입니다.',
    free: '사용 가능한 아이디입니다.',
    failed: '아이디 중복 확인 실패.',
  });
  // On the edit page the user's own nickname (in any case) is theirs to keep.
  const ownNickname = (n: string) => mode === 'edit' && n.toLowerCase() === initial.nickname.toLowerCase();
  const nicknameTaken = (n: string) => (ownNickname(n) ? Promise.resolve(false) : accountApi.nicknameTaken(n));
  const nickCheck = useDuplicateCheck(nickname, nicknameTaken, {
    taken: '이미 사용 중인 닉네임입니다.',
    free: '사용 가능한 닉네임입니다.',
    failed: mode === 'edit' ? '닉네임 중복 검증 요청 실패' : '닉네임 중복 확인 실패',
  });
  const nicknameOk = nickCheck.verified || (mode === 'edit' && nickname === initial.nickname);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (mode === 'register' && !idCheck.verified) return alert('아이디 중복확인을 진행해주세요.');
    if (!nicknameOk) return alert('닉네임 중복확인을 진행해주세요.');
    onSubmit({ loginId, password, email: joinEmail(email), phoneNumber: joinPhone(phone), nickname: nickname.trim() });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      {mode !== 'social' && (
        <CheckedField
          label="아이디"
          id="loginId"
          value={loginId}
          placeholder={withoutLogin ? '없음 (소셜 계정)' : undefined}
          onChange={setLoginId}
          check={idCheck}
          verified={idCheck.verified}
          locked={mode === 'edit'}
          autoComplete="username"
        />
      )}
      {withoutLogin && <p className="-mt-3 text-sm text-gray-600">{SET_LOGIN_HINT}</p>}
      {loginFields && (
        <>
          <Field label="비밀번호" htmlFor="password">
            <input
              id="password"
              type="password"
              className="input"
              value={password}
              autoComplete="new-password"
              placeholder={mode === 'edit' ? '변경할 때만 입력하세요' : '8자 이상'}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Field label="비밀번호 확인" htmlFor="passwordConfirm">
            <div className="flex items-center gap-2">
              <input
                id="passwordConfirm"
                type="password"
                className="input flex-1"
                value={confirm}
                autoComplete="new-password"
                onChange={(e) => setConfirm(e.target.value)}
              />
              <PasswordMatch password={password} confirm={confirm} />
            </div>
          </Field>
        </>
      )}
      <Field label="이메일">
        <EmailInput value={email} onChange={setEmail} />
      </Field>
      <Field label="전화번호">
        <PhoneInput parts={phone} onChange={setPhone} />
      </Field>
      <CheckedField
        label="닉네임"
        id="nickname"
        value={nickname}
        onChange={setNickname}
        check={nickCheck}
        verified={nicknameOk}
      />
      <FormButtons
        cancelLabel="취소"
        onCancel={onCancel}
        submitLabel={submitLabel}
        busy={busy}
        className="mt-2 flex gap-2"
        stretch
      />
    </form>
  );
}

const SET_LOGIN_HINT = '소셜 계정은 내 정보의 비밀번호 설정에서 아이디와 비밀번호를 정할 수 있습니다.';

function FieldProblem({ text }: { text: string }) {
  return text ? <p className="text-sm text-red-700">{text}</p> : null;
}

interface CheckedFieldProps {
  label: string;
  id: string;
  value: string;
  onChange(value: string): void;
  /** the field's duplicate check: typing unverifies it */
  check: { run(): void; reset(): void; problem: string };
  verified: boolean;
  /** read-only, without the check button (the login id on the edit page) */
  locked?: boolean;
  placeholder?: string;
  autoComplete?: string;
}

/** A field with a 중복확인 button, 확인됨 once verified, and the server's reason when the check refused the value. */
function CheckedField({
  label,
  id,
  value,
  onChange,
  check,
  verified,
  locked = false,
  autoComplete,
  placeholder,
}: CheckedFieldProps) {
  return (
    <Field label={label} htmlFor={id}>
      <div className="flex gap-2">
        <input
          id={id}
          className="input flex-1"
          value={value}
          readOnly={locked}
          disabled={locked}
          placeholder={placeholder}
          autoComplete={autoComplete}
          onChange={(e) => {
            onChange(e.target.value);
            check.reset();
          }}
        />
        {!locked && (
          <button type="button" className="btn-secondary" onClick={check.run}>
            중복확인
          </button>
        )}
        {verified && <span className="self-center text-sm text-green-600">확인됨</span>}
      </div>
      <FieldProblem text={check.problem} />
    </Field>
  );
}
