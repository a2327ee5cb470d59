import { useSearchNames } from './search-names';

/**
 * What a keyword will also find (docs/api.md §10.5): `리액트` → `React도 함께 찾습니다`; a 초성 keyword → its rule.
 * Nothing for an ordinary keyword.
 */
export function SearchHint({ keyword }: { keyword: string }) {
  const names = useSearchNames();
  if (!names) return null;
  const others = names.otherNames(keyword.trim());
  const text =
    others.length > 0
      ? `${others.join(', ')}도 함께 찾습니다`
      : names.isInitialsKeyword(keyword)
        ? '초성으로 제목과 작성자를 찾습니다'
        : '';
  return (
    <p className="text-xs text-indigo-700" aria-live="polite" data-testid="search-hint">
      {text}
    </p>
  );
}
