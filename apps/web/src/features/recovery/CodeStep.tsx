import { CODE_LENGTH } from '@app/contract';
import { useState, type FormEvent } from 'react';
import { ApiError, errorText } from '../../shared/api/client';
import { CodeBoxes, emptyCode } from './CodeBoxes';
import { Note } from './RecoveryShell';
import { T } from './texts';
import { formatRemaining, useCodeTimer } from './useCodeTimer';

interface Props {
  /** the identity step has been confirmed */
  ready: boolean;
  digitsOnly?: boolean;
  send(): Promise<unknown>;
  /** resolves when the code is right (the page moves on); rejects otherwise */
  verify(code: string): Promise<unknown>;
  /** what a wrong code shows (it differs per flow) */
  wrongCodeText: string;
}

/** Send (or re-send) a code, type it into four boxes under the 3-minute timer, and verify it. */
export function CodeStep({ ready, digitsOnly, send, verify, wrongCodeText }: Props) {
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [code, setCode] = useState(emptyCode);
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null);
  const timer = useCodeTimer();

  const sendCode = async () => {
    setSending(true);
    setError(null);
    try {
      await send();
      setSent(true);
      setCode(emptyCode());
      timer.start();
      alert(T.codeSent);
    } catch (e) {
      alert(T.codeSendFailed);
      setError({ text: T.codeSendFailed, detail: errorText(e) });
    } finally {
      setSending(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const joined = code.join('');
    if ([...joined].length !== CODE_LENGTH) return setError({ text: wrongCodeText });
    setVerifying(true);
    setError(null);
    try {
      await verify(joined);
    } catch (err) {
      // an expired or locked code says so, since only a new code helps then
      const detail = err instanceof ApiError && err.code !== 'code_invalid' ? err.message : undefined;
      setError({ text: wrongCodeText, detail });
      setVerifying(false);
    }
  };

  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-3" noValidate>
      <button type="button" className="btn-secondary" disabled={!ready || sending} onClick={sendCode}>
        {sent ? '인증 코드 재전송' : '인증 코드 전송'}
      </button>
      {sent && (
        <>
          <CodeBoxes value={code} onChange={setCode} digitsOnly={digitsOnly} />
          <p className="text-center text-sm font-medium text-red-700" data-testid="code-timer" aria-live="polite">
            {timer.remaining === 0 ? T.timeUp : formatRemaining(timer.remaining ?? 0)}
          </p>
          <button type="submit" className="btn-primary" disabled={verifying}>
            확인
          </button>
        </>
      )}
      {error && (
        <Note ok={false}>
          {error.text}
          {error.detail && <span className="mt-1 block">{error.detail}</span>}
        </Note>
      )}
    </form>
  );
}
