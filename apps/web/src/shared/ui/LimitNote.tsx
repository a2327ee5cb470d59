import { countText } from './text-limit';
import { limitIds, type TextLimit } from './useTextLimit';

/**
 * Under a limited field: the contract's text once it is past the limit, and the count from near the limit on
 * (`always`: from the start, for a short optional text whose room is part of the question).
 */
export function LimitNote({ limit, always = false }: { limit: TextLimit; always?: boolean }) {
  if (!limit.near && !always) return null;
  const ids = limitIds(limit.id);
  return (
    <div className="flex items-start gap-2">
      {limit.text && (
        <p id={ids.error} role="alert" className="text-sm text-red-600">
          {limit.text}
        </p>
      )}
      <span
        id={ids.count}
        className={`ml-auto shrink-0 text-xs tabular-nums ${limit.over ? 'font-semibold text-red-600' : 'text-gray-500'}`}
      >
        {countText(limit)}
      </span>
    </div>
  );
}
