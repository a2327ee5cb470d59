import { useState } from 'react';
import { ApiError } from '../../shared/api/client';

interface Texts {
  taken: string;
  free: string;
  failed: string;
}

/**
 * A duplicate check that counts only for the value it checked: editing the field unverifies it.
 * A failed check alerts the spec's text; the server's reason (a format rule) is kept for the field.
 */
export function useDuplicateCheck(value: string, isTaken: (v: string) => Promise<boolean>, texts: Texts) {
  const [verifiedValue, setVerifiedValue] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const run = async () => {
    setProblem('');
    try {
      if (await isTaken(value.trim())) {
        setVerifiedValue(null);
        alert(texts.taken);
      } else {
        setVerifiedValue(value);
        alert(texts.free);
      }
    } catch (e) {
      setVerifiedValue(null);
      if (e instanceof ApiError && e.status === 400) setProblem(e.message);
      alert(texts.failed);
    }
  };
  const reset = () => {
    setVerifiedValue(null);
    setProblem('');
  };
  return { verified: verifiedValue !== null && verifiedValue === value, problem, run, reset };
}
