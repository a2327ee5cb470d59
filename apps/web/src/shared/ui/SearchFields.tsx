import { useId } from 'react';
import { SearchHint } from '../search/SearchHint';
import { LimitNote } from './LimitNote';
import type { LimitText } from './text-limit';
import { useTextLimit } from './useTextLimit';

interface SearchFieldsProps {
  /** the select's accessible name (the board and post lists word it differently) */
  typeLabel: string;
  types: ReadonlyArray<{ value: string; label: string }>;
  type: string;
  onType(value: string): void;
  keyword: string;
  onKeyword(value: string): void;
  /** the keyword box's id (the page focuses it when it refuses a search) */
  keywordId?: string;
  /** the contract's limit of the keyword: counted and said, never cut */
  limit?: { max: number; tooLong: LimitText };
}

/** A list page's search-type select and keyword box (the form and its buttons are the page's). */
export function SearchFields(props: SearchFieldsProps) {
  const { typeLabel, types, type, onType, keyword, onKeyword, limit } = props;
  const generated = useId();
  const id = props.keywordId ?? generated;
  const checked = useTextLimit(id, keyword, limit?.max ?? Infinity, limit?.tooLong ?? '');
  return (
    <>
      <select className="input w-28" aria-label={typeLabel} value={type} onChange={(e) => onType(e.target.value)}>
        {types.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <input
          id={id}
          className="input min-w-0"
          aria-label="검색어"
          placeholder="검색어를 입력하세요"
          value={keyword}
          {...checked.control}
          onChange={(e) => onKeyword(e.target.value)}
        />
        <LimitNote limit={checked} />
        <SearchHint keyword={keyword} />
      </div>
    </>
  );
}
