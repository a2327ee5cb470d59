/** Notes a page shows in place of an alert: on hidden content for its author, and a refusal said on a form. */
import { useEffect, useRef } from 'react';
import { ApiError } from '../api/client';

/** What the author of hidden content reads on it (the contract's `hidden`/`hiddenReason`, there only when hidden). */
export interface HiddenMark {
  hidden?: boolean;
  hiddenReason?: string | null;
}

/**
 * On the author's own hidden content: that it is hidden, who still sees it, and why (the operator's note, or the
 * contract's text when reports hid it). Nothing for content that is not hidden. `compact` for a row in a list.
 */
export function HiddenNotice({ mark, what, compact = false }: { mark: HiddenMark; what: string; compact?: boolean }) {
  if (!mark.hidden) return null;
  if (compact)
    return (
      <p className="text-xs text-amber-800" data-testid="hidden-notice">
        <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 font-medium">숨김</span>
        {mark.hiddenReason}
      </p>
    );
  return (
    <div
      role="note"
      className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="hidden-notice"
    >
      <p className="font-semibold">숨김 처리된 {what}입니다. 나와 운영자 외에는 볼 수 없습니다.</p>
      {mark.hiddenReason && <p className="mt-1">사유: {mark.hiddenReason}</p>}
    </div>
  );
}
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
