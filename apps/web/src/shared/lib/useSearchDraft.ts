import { useState } from 'react';

/**
 * A search box's draft (type and keyword). It starts from the search in the URL and follows it when that
 * changes from outside the box (back/forward, a header link).
 */
export function useSearchDraft<T extends string>(searchType: T, keyword: string) {
  const [draftType, setDraftType] = useState<T>(searchType);
  const [draft, setDraft] = useState(keyword);
  const [shownSearch, setShownSearch] = useState(`${searchType}|${keyword}`);
  if (shownSearch !== `${searchType}|${keyword}`) {
    setShownSearch(`${searchType}|${keyword}`);
    setDraftType(searchType);
    setDraft(keyword);
  }
  return { draftType, setDraftType, draft, setDraft };
}
