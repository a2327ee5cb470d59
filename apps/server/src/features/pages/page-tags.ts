import { EVERYTHING, publicTags } from '../../lib/public-changes.js';

const BOTH_KINDS = ['RECRUITMENT', 'STUDY_GROUP'] as const;
const DETAIL = /^\/(recruitment|study-group|boards)\/(\d{1,9})$/;

/**
 * The public changes a rendered page depends on (lib/public-changes.ts), from its path: the page is dropped with
 * the public reads it was made of. A path outside the public routes depends on everything.
 */
export function pageTags(pathname: string): string[] {
  if (pathname === '/') return [...BOTH_KINDS.flatMap((k) => [publicTags.list(k), publicTags.ranked(k)]), publicTags.boards];
  if (pathname === '/recruitments')
    return [publicTags.list('RECRUITMENT'), publicTags.ranked('RECRUITMENT'), publicTags.popularStacks];
  if (pathname === '/study-groups') return [publicTags.list('STUDY_GROUP'), publicTags.ranked('STUDY_GROUP')];
  if (pathname === '/boards') return [publicTags.boards];
  const detail = DETAIL.exec(pathname);
  if (!detail) return [EVERYTHING];
  const id = Number(detail[2]);
  return detail[1] === 'boards' ? [publicTags.board(id)] : [publicTags.post(id)];
}

/** The sitemap lists the open posts of both kinds and the board posts. */
export const SITEMAP_TAGS = [...BOTH_KINDS.map(publicTags.list), publicTags.boards];
