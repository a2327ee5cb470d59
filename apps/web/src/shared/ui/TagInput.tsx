import { useId, useState, type KeyboardEvent } from 'react';
import { LimitNote } from './LimitNote';
import type { LimitText } from './text-limit';
import { useTextLimit } from './useTextLimit';

interface TagInputProps {
  id?: string;
  tags: string[];
  onChange(tags: string[]): void;
  placeholder?: string;
  /** accessible name of the text box */
  label: string;
  /** the contract's limit of one item: a longer one stays in the box, with the contract's text, and is not added */
  itemLimit?: { max: number; tooLong: LimitText };
}

/** Adds the trimmed text on Enter (duplicates and blanks ignored); clicking a tag removes it. */
export function TagInput({ id: givenId, tags, onChange, placeholder, label, itemLimit }: TagInputProps) {
  const [draft, setDraft] = useState('');
  const generated = useId();
  const id = givenId ?? generated;
  const limit = useTextLimit(id, draft, itemLimit?.max ?? Infinity, itemLimit?.tooLong ?? '');

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // Enter that confirms a Hangul syllable must not add a half-typed tag
    if (e.nativeEvent.isComposing) return;
    if (limit.over) return;
    const value = draft.trim();
    setDraft('');
    if (!value || tags.some((t) => t.toLowerCase() === value.toLowerCase())) return;
    onChange([...tags, value]);
  };

  return (
    <div className="flex flex-col gap-2">
      <input
        id={id}
        className="input"
        aria-label={label}
        value={draft}
        placeholder={placeholder ?? '입력 후 Enter'}
        {...limit.control}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <LimitNote limit={limit} />
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${label} 목록`}>
          {tags.map((t) => (
            <li key={t}>
              <button
                type="button"
                className="rounded-full bg-indigo-50 px-3 py-1 text-xs text-indigo-700 hover:bg-red-50 hover:text-red-600"
                title="클릭하면 삭제됩니다"
                aria-label={`${t} 삭제`}
                onClick={() => onChange(tags.filter((x) => x !== t))}
              >
                #{t} ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
