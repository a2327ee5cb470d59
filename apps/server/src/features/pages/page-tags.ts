import { matchPublicRoute, type PublicRouteName } from '@app/contract';
import type { PostKind } from '../../db/schema/index.js';
import { EVERYTHING, publicTags } from '../../lib/public-changes.js';

const BOTH_KINDS: PostKind[] = ['RECRUITMENT', 'STUDY_GROUP'];
const listed = (kind: PostKind) => [publicTags.list(kind), publicTags.ranked(kind)];

/** The public changes each public route's page is made of (its reads: lists, ranked lists, one post or board). */
const ROUTE_TAGS: Record<PublicRouteName, (id: number) => string[]> = {
  home: () => [...BOTH_KINDS.flatMap(listed), publicTags.boards],
  recruitments: () => [...listed('RECRUITMENT'), publicTags.popularStacks],
  recruitment: (id) => [publicTags.post(id)],
  studyGroups: () => listed('STUDY_GROUP'),
  studyGroup: (id) => [publicTags.post(id)],
  boards: () => [publicTags.boards],
  board: (id) => [publicTags.board(id)],
  showcases: () => [publicTags.showcases],
  // a showcase page names its post, so hiding or restoring a post (which publishes `showcases`) drops it too
  showcase: (id) => [publicTags.showcase(id), publicTags.showcases],
};

/**
 * The public changes a rendered page depends on (lib/public-changes.ts), from its path: the page is dropped with
 * the public reads it was made of. The not-found page of an id that cannot exist depends on none; a path
 * outside the public routes on everything.
 */
export function pageTags(pathname: string): string[] {
  const match = matchPublicRoute(pathname);
  if (match === 'not-found') return [];
  return match ? ROUTE_TAGS[match.name](match.id ?? 0) : [EVERYTHING];
}

/** The sitemap lists the open posts of both kinds, the board posts and the shown showcases. */
export const SITEMAP_TAGS = [...BOTH_KINDS.map(publicTags.list), publicTags.boards, publicTags.showcases];
