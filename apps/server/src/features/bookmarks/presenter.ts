import type { BookmarkItem, BookmarkState } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';
import { presentRecruitmentItem } from '../posts/presenter.js';
import type { BookmarkListRow, BookmarkStateRow } from './queries.js';

export const presentBookmarkState = (r: BookmarkStateRow): BookmarkState => ({
  postId: r.id,
  bookmarked: r.mine,
  bookmarkCount: Number(r.n),
});

/** A list card of either kind (a study group's tags are empty), with its kind, study period and bookmark time. */
export const presentBookmarkItem = (r: BookmarkListRow): BookmarkItem => ({
  ...presentRecruitmentItem(r),
  postType: r.kind,
  startDate: r.start_date,
  endDate: r.end_date,
  bookmarkedAt: seoulDateTime(new Date(r.bookmarked_at)),
});
