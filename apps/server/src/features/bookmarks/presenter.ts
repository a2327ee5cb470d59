import { WITHDRAWN_NAME, type BookmarkItem, type BookmarkState } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';
import type { BookmarkListRow, BookmarkStateRow } from './queries.js';

export const presentBookmarkState = (r: BookmarkStateRow): BookmarkState => ({
  postId: r.id,
  bookmarked: r.mine,
  bookmarkCount: Number(r.n),
});

export function presentBookmarkItem(r: BookmarkListRow): BookmarkItem {
  return {
    id: r.id,
    postType: r.kind,
    title: r.title,
    dueDate: r.due_date,
    createdAt: seoulDateTime(new Date(r.created_at)),
    currentMembers: r.current_members,
    totalMembers: r.total_members,
    tags: r.tags ?? [],
    creatorNickname: r.withdrawn || !r.nickname ? WITHDRAWN_NAME : r.nickname,
    inactive: r.inactive,
    views: r.views,
    topic: r.topic,
    startDate: r.start_date,
    endDate: r.end_date,
    bookmarkedAt: seoulDateTime(new Date(r.bookmarked_at)),
  };
}
