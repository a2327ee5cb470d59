import { z } from 'zod';
import { dateTime, pageOf } from './common.js';
import { codePoints, fieldsBody, text } from './text.js';

// Finishing a team: completion, reviews, record, showcase (docs/api.md §10.2).

export const GROUP_STATUSES = ['ACTIVE', 'COMPLETED'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

export const REVIEW_TAGS = ['RESPONSIBLE', 'COMMUNICATIVE', 'ON_TIME', 'SKILLED', 'HELPFUL', 'LEADING', 'DROPPED_OUT'] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];
export const REVIEW_TAG_LABELS: Record<ReviewTag, string> = {
  RESPONSIBLE: '책임감',
  COMMUNICATIVE: '소통',
  ON_TIME: '시간 약속',
  SKILLED: '실력',
  HELPFUL: '배려',
  LEADING: '리더십',
  DROPPED_OUT: '중도 이탈',
};
/** The one negative tag: given only with a comment, and counted on a record only from two reviewers on. */
export const NEGATIVE_TAG: ReviewTag = 'DROPPED_OUT';
export const NEGATIVE_TAG_MIN_REVIEWERS = 2;

export const REVIEW_WINDOW_DAYS = 14;
/** the second REVIEW_REQUEST: this many days before the window ends */
export const REVIEW_REMINDER_DAYS_BEFORE = 3;
export const REVIEW_TAGS_MAX = 5;
export const REVIEW_COMMENT_MAX = 300;
export const SUMMARY_MAX = 1000;
export const SHOWCASE_PAGE_SIZE = 12;

export const SUMMARY_TEXT = '프로젝트 요약은 1~1000자로 입력해주세요.';
export const SHOWCASE_SWITCH_TEXT = '쇼케이스 공개 여부를 선택해주세요.';
export const REVIEW_TAGS_TEXT = '평가 태그를 1~5개 선택해주세요.';
export const REVIEW_COMMENT_TEXT = '평가 코멘트는 300자 이하로 입력해주세요.';

export const recordCounts = z.object({ joined: z.number(), completed: z.number(), leftEarly: z.number() });
export type RecordCounts = z.infer<typeof recordCounts>;

export const userRecord = recordCounts.extend({
  tags: z.record(z.string(), z.number()),
});
export type UserRecord = { joined: number; completed: number; leftEarly: number; tags: Record<ReviewTag, number> };

export const review = z.object({
  reviewId: z.number(),
  reviewerId: z.number().nullable(),
  reviewerNickname: z.string(),
  revieweeId: z.number(),
  tags: z.array(z.enum(REVIEW_TAGS)),
  comment: z.string().nullable(),
  createdDateTime: dateTime,
});
export type Review = z.infer<typeof review>;

const person = z.object({ userId: z.number(), nickname: z.string() });
export const groupReviews = z.object({
  windowEndsDateTime: dateTime,
  toWrite: z.array(person),
  written: z.array(person),
  received: z.array(review),
});
export type GroupReviews = z.infer<typeof groupReviews>;

export const showcaseItem = z.object({
  groupId: z.number(),
  name: z.string(),
  type: z.enum(['PROJECT', 'STUDY_GROUP']),
  summary: z.string(),
  resultUrl: z.string().nullable(),
  completedDateTime: dateTime,
  createdDateTime: dateTime,
  post: z.object({ id: z.number(), title: z.string() }),
  members: z.array(z.string()),
});
export type ShowcaseItem = z.infer<typeof showcaseItem>;
export const showcasePage = pageOf(showcaseItem);

/** POST /api/groups/{id}/complete: summary, then the result link (§9.3's rule, optional), then the switch. */
export const completeGroupFields = {
  summary: text({ required: SUMMARY_TEXT, tooLong: SUMMARY_TEXT, max: SUMMARY_MAX, multiline: true }),
};
export type CompleteGroupBody = { summary: string; resultUrl?: string | null; showcase: boolean };

/** A review's comment: optional, trimmed, at most 300 characters; empty is no comment. */
export const reviewComment = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim() : v))
  .refine((v) => v === undefined || v === null || (typeof v === 'string' && codePoints(v) <= REVIEW_COMMENT_MAX), {
    message: REVIEW_COMMENT_TEXT,
  })
  .transform((v) => (typeof v === 'string' && v !== '' ? v : null));
export type ReviewBody = { revieweeId: number; tags: ReviewTag[]; comment?: string | null };

export const showcaseConsentBody = fieldsBody({ consent: z.boolean({ error: SHOWCASE_SWITCH_TEXT }) });
export const showcaseSwitchBody = fieldsBody({ showcase: z.boolean({ error: SHOWCASE_SWITCH_TEXT }) });
