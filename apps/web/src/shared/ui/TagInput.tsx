import { useState, type KeyboardEvent } from 'react';

interface TagInputProps {
  id?: string;
  tags: string[];
  onChange(tags: string[]): void;
  placeholder?: string;
  /** accessible name of the text box */
  label: string;
}

/** Adds the trimmed text on Enter (duplicates and blanks ignored); clicking a tag removes it. */
export function TagInput({ id, tags, onChange, placeholder, label }: TagInputProps) {
  const [draft, setDraft] = useState('');

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // Enter that confirms a Hangul syllable must not add a half-typed tag
    if (e.nativeEvent.isComposing) return;
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
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
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
