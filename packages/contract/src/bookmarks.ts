import { z } from 'zod';
import { dateTime } from './common.js';
import { postType } from './posts.js';

// Bookmarks (관심 공고), beyond the contract (docs/product-decisions.md).

export const BOOKMARK_LIMIT = 500;
export const BOOKMARK_PAGE_SIZE = 12;
export const BOOKMARK_LIMIT_TEXT = '관심 공고는 최대 500개까지 등록할 수 있습니다.';

/** A post's bookmark count and whether the caller bookmarked it (false for an anonymous caller). */
export const bookmarkState = z.object({
  postId: z.number().int(),
  bookmarked: z.boolean(),
  bookmarkCount: z.number().int(),
});
export type BookmarkState = z.infer<typeof bookmarkState>;

/** One entry of 관심 공고: the post as a list card shows it, either kind, and when it was bookmarked. */
export const bookmarkItem = z.object({
  id: z.number().int(),
  postType,
  title: z.string(),
  dueDate: z.string(),
  createdAt: dateTime,
  currentMembers: z.number().int(),
  totalMembers: z.number().int(),
  tags: z.array(z.string()),
  creatorNickname: z.string(),
  inactive: z.boolean(),
  views: z.number().int(),
  topic: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  bookmarkedAt: dateTime,
});
export type BookmarkItem = z.infer<typeof bookmarkItem>;
