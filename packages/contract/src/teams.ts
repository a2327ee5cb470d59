import { z } from 'zod';
import { dateTime, pageOf } from './common.js';
import { INVALID_URL_TEXT, isWebLink } from './group-board.js';
import { bodyId, codePoints, fieldsBody, text } from './text.js';

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

// Texts docs/api.md §10.2 leaves to the team (listed there with †).
export const GROUP_COMPLETED_TEXT = '완료된 그룹에서는 할 수 없는 작업입니다.';
export const GROUP_ALREADY_COMPLETED_TEXT = '이미 완료된 그룹입니다.';
export const GROUP_NOT_COMPLETED_TEXT = '완료된 그룹에서만 할 수 있습니다.';
export const COMPLETE_FORBIDDEN_TEXT = '그룹의 관리자만 그룹을 완료할 수 있습니다.';
export const SHOWCASE_FORBIDDEN_TEXT = '그룹의 관리자만 쇼케이스 공개 여부를 바꿀 수 있습니다.';
export const REVIEWEE_TEXT = '평가할 팀원을 선택해주세요.';
export const REVIEW_SELF_TEXT = '자기 자신은 평가할 수 없습니다.';
export const REVIEWEE_NOT_MEMBER_TEXT = '그룹이 완료될 때 함께한 팀원만 평가할 수 있습니다.';
export const REVIEWEE_WITHDRAWN_TEXT = '탈퇴한 사용자는 평가할 수 없습니다.';
export const UNKNOWN_REVIEW_TAG_TEXT = '알 수 없는 평가 태그입니다.';
export const REVIEW_TAGS_DISTINCT_TEXT = '같은 평가 태그를 두 번 선택할 수 없습니다.';
export const DROPPED_OUT_COMMENT_TEXT = '중도 이탈을 선택할 때는 코멘트를 남겨주세요.';
export const REVIEW_EXISTS_TEXT = '이미 평가한 팀원입니다.';
export const REVIEW_WINDOW_CLOSED_TEXT = '평가 기간이 끝났습니다.';
export const RECORD_USER_NOT_FOUND_TEXT = '사용자를 찾을 수 없습니다.';
export const SHOWCASE_NOT_FOUND_TEXT = '쇼케이스를 찾을 수 없습니다.';

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
/** The result link: missing, null or blank is none; otherwise §9.3's rule (400 invalid_url). */
export const resultUrlField = z
  .union([z.string(), z.null()], { error: INVALID_URL_TEXT })
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim() : ''))
  .refine((v) => v === '' || isWebLink(v), { message: INVALID_URL_TEXT, abort: true })
  .transform((v) => (v === '' ? null : v));
export const completeGroupBody = fieldsBody({
  ...completeGroupFields,
  resultUrl: resultUrlField,
  showcase: z.boolean({ error: SHOWCASE_SWITCH_TEXT }),
});
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

/** The reviewee: a user id (a number or a numeric string). */
export const reviewRevieweeId = bodyId(REVIEWEE_TEXT);
/** 1–5 tags; each a known TAG (400 unknown_review_tag), none twice. */
export const reviewTags = z
  .array(z.unknown(), { error: REVIEW_TAGS_TEXT })
  .refine((tags) => tags.length >= 1 && tags.length <= REVIEW_TAGS_MAX, { message: REVIEW_TAGS_TEXT, abort: true })
  .refine((tags) => tags.every((t) => (REVIEW_TAGS as readonly unknown[]).includes(t)), {
    message: UNKNOWN_REVIEW_TAG_TEXT,
    abort: true,
  })
  .refine((tags) => new Set(tags).size === tags.length, { message: REVIEW_TAGS_DISTINCT_TEXT, abort: true })
  .transform((tags) => tags as ReviewTag[]);
/**
 * POST /api/groups/{id}/reviews, as documented; the server checks its fields one by one, between the checks that
 * need the group (docs/api.md §10.2's order), with the pieces above.
 */
export const reviewBody = fieldsBody({
  revieweeId: z.unknown().optional(),
  tags: z.unknown().optional(),
  comment: z.unknown().optional(),
});

/**
 * GET /api/groups/{id}/showcase (beyond §10.2, which fixes the Group's fields): the admin's switch and the caller's
 * own consent (null: not a member when the group completed).
 */
export const showcaseState = z.object({ showcase: z.boolean(), consent: z.boolean().nullable() });
export type ShowcaseState = z.infer<typeof showcaseState>;

export const showcaseConsentBody = fieldsBody({ consent: z.boolean({ error: SHOWCASE_SWITCH_TEXT }) });
export const showcaseSwitchBody = fieldsBody({ showcase: z.boolean({ error: SHOWCASE_SWITCH_TEXT }) });
