import { useEffect, useRef } from 'react';
import { ApiError } from '../api/client';

/** The server's text when a refusal belongs on the page, not in an alert: a new account's limit (429 new_account_limit). */
export const limitReachedText = (e: unknown): string | null =>
  e instanceof ApiError && e.code === 'new_account_limit' ? e.message : null;

/** A refusal said on the form, next to its submit button, and scrolled into view when it appears. */
export function FormProblem({ text }: { text: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  if (!text) return null;
  return (
    <p ref={ref} role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="form-problem">
      {text}
    </p>
  );
}
