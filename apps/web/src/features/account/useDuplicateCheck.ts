import { useState } from 'react';
import { ApiError } from '../../shared/api/client';

interface Texts {
  taken: string;
  free: string;
  failed: string;
}

/** A duplicate check that counts only for the value it checked: editing the field unverifies it. */
export function useDuplicateCheck(value: string, isTaken: (v: string) => Promise<boolean>, texts: Texts) {
  const [verifiedValue, setVerifiedValue] = useState<string | null>(null);
  const run = async () => {
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
      alert(e instanceof ApiError && e.status === 400 ? e.message : texts.failed);
    }
  };
  return { verified: verifiedValue !== null && verifiedValue === value, run, reset: () => setVerifiedValue(null) };
}
