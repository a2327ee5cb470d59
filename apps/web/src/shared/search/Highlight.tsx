import { createContext, use, type ReactNode } from 'react';
import { useSearchNames } from './search-names';

/** The search a list shows: which keyword, and in which fields (`all`, `title`, `creator`/`author`, `content`). */
export interface ShownSearch {
  keyword: string;
  searchType: string;
}

export const ShownSearchContext = createContext<ShownSearch | null>(null);

/**
 * `text` with what the list's search matched marked (docs/api.md §10.5: the keyword and its other names, spacing
 * ignored, and on titles and nicknames the 초성). Built as React nodes from the text's own characters: no HTML
 * from the text is ever interpreted.
 */
export function Highlight({ text, field }: { text: string; field: 'title' | 'creator' | 'content' }): ReactNode {
  const search = use(ShownSearchContext);
  const names = useSearchNames();
  const applies =
    search &&
    search.keyword &&
    (search.searchType === 'all' ||
      search.searchType === field ||
      (field === 'creator' && search.searchType === 'author') ||
      !['title', 'creator', 'author', 'content'].includes(search.searchType));
  if (!applies || !names) return text;
  const ranges = names.matchRanges(text, search.keyword, { initials: field !== 'content' });
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-yellow-200 text-inherit">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
