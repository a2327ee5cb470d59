import { sql, type SQL } from 'drizzle-orm';
import type { SearchType } from '@app/contract';
import { searchTerms } from '@app/contract/search-names';
import { anyOf, fieldMatch, indexed, plainMatch, rowTest, searchField } from '../../db/text-search.js';

export interface Search {
  type: SearchType;
  keyword: string;
}

/** Through the text indexes (a set of matches), or row by row (a test for each row a walk reads). */
export type Form = 'indexed' | 'row';

export const TITLE = searchField('title', true);
export const DESCRIPTION = searchField('description', false);
export const NICKNAME = searchField('nickname', true);

/**
 * The keyword's condition on base_posts (docs/api.md §3.3 and §10.5); for "all" the title, description and
 * creator name are ORed.
 */
export function keywordCondition({ type, keyword }: Search, form: Form): SQL {
  const terms = searchTerms(keyword);
  const build = form === 'indexed' ? indexed : rowTest;
  const inTitle = fieldMatch(TITLE, keyword, terms);
  const inDescription = fieldMatch(DESCRIPTION, keyword, terms);
  const creators = sql`SELECT id FROM users WHERE ${indexed(fieldMatch(NICKNAME, keyword, terms))}`;
  switch (type) {
    case 'title':
      return build(inTitle);
    case 'content':
      return build(inDescription);
    case 'creator':
      return form === 'indexed' ? sql`creator_id IN (${creators})` : sql`creator_id = ANY(ARRAY(${creators}))`;
    default:
      return build(anyOf(inTitle, inDescription, plainMatch(sql`creator_id = ANY(ARRAY(${creators}))`)));
  }
}
