interface SearchFieldsProps {
  /** the select's accessible name (the board and post lists word it differently) */
  typeLabel: string;
  types: ReadonlyArray<{ value: string; label: string }>;
  type: string;
  onType(value: string): void;
  keyword: string;
  onKeyword(value: string): void;
  maxLength?: number;
}

/** A list page's search-type select and keyword box (the form and its buttons are the page's). */
export function SearchFields({ typeLabel, types, type, onType, keyword, onKeyword, maxLength }: SearchFieldsProps) {
  return (
    <>
      <select className="input w-28" aria-label={typeLabel} value={type} onChange={(e) => onType(e.target.value)}>
        {types.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <input
        className="input min-w-0 flex-1"
        aria-label="검색어"
        placeholder="검색어를 입력하세요"
        maxLength={maxLength}
        value={keyword}
        onChange={(e) => onKeyword(e.target.value)}
      />
    </>
  );
}
