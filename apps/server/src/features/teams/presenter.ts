import {
  NEGATIVE_TAG,
  NEGATIVE_TAG_MIN_REVIEWERS,
  REVIEW_TAGS,
  WITHDRAWN_NAME,
  type GroupReviews,
  type Page,
  type RecordCounts,
  type Review,
  type ReviewTag,
  type ShowcaseItem,
  type UserRecord,
} from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';

/** A record's three counts as a list statement reads them (teams/queries.ts recordColumns). */
export interface RecordColumns {
  rec_joined: number;
  rec_completed: number;
  rec_left_early: number;
}

export interface PersonRow {
  user_id: number;
  nickname: string | null;
  withdrawn: boolean;
  reviewed: boolean;
}

export interface ReviewRow {
  id: number;
  reviewer_id: number;
  reviewer_nickname: string | null;
  reviewer_withdrawn: boolean;
  reviewee_id: number;
  tags: ReviewTag[];
  comment: string | null;
  created_at: Date | string;
}

export interface RecordRow extends RecordColumns {
  /** [tag, revealed reviews with it, distinct reviewers who gave it] */
  tags: Array<[ReviewTag, number, number]>;
}

export interface ShowcaseRow {
  id: number;
  name: string;
  type: 'PROJECT' | 'STUDY_GROUP';
  summary: string;
  result_url: string | null;
  completed_at: Date | string;
  created_at: Date | string;
  post_id: number;
  post_title: string;
  members: string[];
}

/** The three counts of a record, from {@link RecordColumns} (the applicant list, the record). */
export const presentRecordCounts = (r: RecordColumns): RecordCounts => ({
  joined: Number(r.rec_joined),
  completed: Number(r.rec_completed),
  leftEarly: Number(r.rec_left_early),
});

/**
 * A review as `viewerId` may see it: the comment only for its writer and its reviewee (docs/api.md §10.2); a
 * withdrawn writer shows as 탈퇴한 사용자 with no id.
 */
export function presentReview(r: ReviewRow, viewerId: number): Review {
  const mayReadComment = viewerId === r.reviewer_id || viewerId === r.reviewee_id;
  return {
    reviewId: r.id,
    reviewerId: r.reviewer_withdrawn ? null : r.reviewer_id,
    reviewerNickname: r.reviewer_withdrawn || !r.reviewer_nickname ? WITHDRAWN_NAME : r.reviewer_nickname,
    revieweeId: r.reviewee_id,
    tags: r.tags,
    comment: mayReadComment ? r.comment : null,
    createdDateTime: seoulDateTime(new Date(r.created_at)),
  };
}

export interface ReviewsView {
  windowEndsAt: Date;
  people: PersonRow[];
  received: ReviewRow[];
  viewerId: number;
}

/** toWrite: not yet reviewed and not withdrawn; written: reviewed (a withdrawn one as 탈퇴한 사용자). */
export function presentGroupReviews(v: ReviewsView): GroupReviews {
  const person = (p: PersonRow) => ({ userId: p.user_id, nickname: p.withdrawn || !p.nickname ? WITHDRAWN_NAME : p.nickname });
  return {
    windowEndsDateTime: seoulDateTime(v.windowEndsAt),
    toWrite: v.people.filter((p) => !p.reviewed && !p.withdrawn).map(person),
    written: v.people.filter((p) => p.reviewed).map(person),
    received: v.received.map((r) => presentReview(r, v.viewerId)),
  };
}

/** Every TAG with its count of revealed reviews; DROPPED_OUT only once two or more reviewers gave it. */
export function presentRecord(r: RecordRow): UserRecord {
  const tags = Object.fromEntries(REVIEW_TAGS.map((t) => [t, 0])) as Record<ReviewTag, number>;
  for (const [tag, n, reviewers] of r.tags) {
    if (!(tag in tags)) continue;
    if (tag === NEGATIVE_TAG && reviewers < NEGATIVE_TAG_MIN_REVIEWERS) continue;
    tags[tag] = Number(n);
  }
  return { ...presentRecordCounts(r), tags };
}

export const presentShowcaseItem = (r: ShowcaseRow): ShowcaseItem => ({
  groupId: r.id,
  name: r.name,
  type: r.type,
  summary: r.summary,
  resultUrl: r.result_url,
  completedDateTime: seoulDateTime(new Date(r.completed_at)),
  createdDateTime: seoulDateTime(new Date(r.created_at)),
  post: { id: r.post_id, title: r.post_title },
  members: r.members,
});

export const presentShowcasePage = (page: Page<ShowcaseRow>): Page<ShowcaseItem> => ({
  ...page,
  content: page.content.map(presentShowcaseItem),
});
