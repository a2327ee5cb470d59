import { z } from 'zod';
import { dateTime, pageOf } from './common.js';
import { codePoints, fieldsBody } from './text.js';

// Reports and moderation, docs/api.md §10.4.

export const REPORT_TARGET_TYPES = ['POST', 'BOARD', 'REPLY', 'MESSAGE', 'USER', 'LINK', 'NOTICE'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['SPAM', 'ABUSE', 'SCAM', 'PERSONAL_INFO', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  SPAM: '스팸·광고',
  ABUSE: '욕설·비방',
  SCAM: '사기·불법',
  PERSONAL_INFO: '개인정보 노출',
  OTHER: '기타',
};
/** Targets that can be hidden (HIDE / RESTORE); a 쪽지 or a profile can only be dismissed. */
export const HIDEABLE_TARGET_TYPES = ['POST', 'BOARD', 'REPLY', 'LINK', 'NOTICE'] as const satisfies readonly ReportTargetType[];
export const MODERATION_ACTIONS = ['DISMISS', 'HIDE', 'RESTORE'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const REPORT_DETAIL_MAX = 500;
export const MODERATION_NOTE_MAX = 500;
/** Reports one account may make in 24 hours. */
export const REPORT_DAILY_LIMIT = 20;
/** Content is hidden by itself once this many distinct reporters whose accounts were old enough reported it. */
export const AUTO_HIDE_REPORTERS = 3;
export const AUTO_HIDE_REPORTER_AGE_HOURS = 24;
/** What the author reads on content hidden because of reports (no operator note). */
export const HIDDEN_BY_REPORTS_TEXT = '신고가 누적되어 숨김 처리되었습니다.';

export const REPORT_TEXTS = {
  targetType: '신고할 대상을 선택하세요.',
  targetId: '신고할 대상이 올바르지 않습니다.',
  reason: '신고 사유를 선택하세요.',
  detail: `신고 내용은 ${REPORT_DETAIL_MAX}자 이내로 입력하세요.`,
  created: '신고가 접수되었습니다. 운영자가 확인한 뒤 조치하며, 결과는 따로 알려드리지 않습니다.',
  notFound: '신고할 대상을 찾을 수 없습니다.',
  self: '자신의 글이나 계정은 신고할 수 없습니다.',
  exists: '이미 신고한 대상입니다.',
  limit: `신고는 하루에 ${REPORT_DAILY_LIMIT}건까지 할 수 있습니다.`,
} as const;

export const MODERATION_TEXTS = {
  operatorOnly: '운영자만 이용할 수 있습니다.',
  action: '처리 방법을 선택하세요.',
  note: '처리 메모를 입력하세요.',
  noteTooLong: `처리 메모는 ${MODERATION_NOTE_MAX}자 이내로 입력하세요.`,
  targetGone: '신고된 대상이 삭제되어 처리할 수 없습니다.',
  notHideable: '쪽지와 사용자는 숨길 수 없습니다. 기각하거나 이용을 정지하세요.',
  dismissed: '신고를 기각했습니다.',
  hidden: '숨김 처리했습니다.',
  restored: '숨김을 해제했습니다.',
} as const;

/** Suspensions: days and reason of POST /api/admin/users/{userId}/suspend. */
export const SUSPENSION_DAYS_MAX = 3650;
export const SUSPENSION_REASON_MAX = 200;
export const SUSPENSION_TEXTS = {
  days: `정지 기간은 1~${SUSPENSION_DAYS_MAX}일 사이의 정수로 입력하세요.`,
  reason: '정지 사유를 입력하세요.',
  reasonTooLong: `정지 사유는 ${SUSPENSION_REASON_MAX}자 이내로 입력하세요.`,
  userNotFound: '사용자를 찾을 수 없습니다.',
  operatorTarget: '운영자는 이용을 정지할 수 없습니다.',
  notSuspended: '이용이 정지된 사용자가 아닙니다.',
  suspended: '이용을 정지했습니다.',
  lifted: '이용 정지를 해제했습니다.',
  /** what a suspended account reads on every login route and on login; `until` is `YYYY년 M월 D일` (Seoul) */
  accountSuspended: (until: string, reason: string) => `${until}까지 이용이 정지된 계정입니다. 사유: ${reason}`,
} as const;

/** The new-account limits: an account younger than this may create only a few things. */
export const NEW_ACCOUNT_HOURS = 24;
export const NEW_ACCOUNT_POST_LIMIT = 3;
export const NEW_ACCOUNT_BOARD_LIMIT = 3;
export const NEW_ACCOUNT_MESSAGE_PEOPLE_LIMIT = 10;
export const NEW_ACCOUNT_TEXTS = {
  post: `가입 후 ${NEW_ACCOUNT_HOURS}시간 동안은 모집 공고를 ${NEW_ACCOUNT_POST_LIMIT}개까지 작성할 수 있습니다.`,
  board: `가입 후 ${NEW_ACCOUNT_HOURS}시간 동안은 게시글을 ${NEW_ACCOUNT_BOARD_LIMIT}개까지 작성할 수 있습니다.`,
  message: `가입 후 ${NEW_ACCOUNT_HOURS}시간 동안은 나에게 쪽지를 보낸 적 없는 사람 ${NEW_ACCOUNT_MESSAGE_PEOPLE_LIMIT}명에게까지 쪽지를 보낼 수 있습니다.`,
} as const;

const trimmedUpTo = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : ''))
    .refine((v) => codePoints(v) <= max, { message, abort: true });

/** POST /api/reports: the target, then the reason, then the optional detail (empty is none). */
export const reportBody = fieldsBody({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: REPORT_TEXTS.targetType }),
  targetId: z
    .union([z.number(), z.string()], { error: REPORT_TEXTS.targetId })
    .transform((v) => (typeof v === 'number' ? v : /^\s*\d{1,30}\s*$/.test(v) ? Number(v) : NaN))
    .refine((n) => Number.isInteger(n) && n > 0, { message: REPORT_TEXTS.targetId, abort: true })
    // a well-formed id too large to be stored names nothing (404)
    .transform((n) => (n > 2_147_483_647 ? -1 : n)),
  reason: z.enum(REPORT_REASONS, { error: REPORT_TEXTS.reason }),
  detail: trimmedUpTo(REPORT_DETAIL_MAX, REPORT_TEXTS.detail).transform((v) => (v === '' ? null : v)),
});
export type ReportBody = { targetType: ReportTargetType; targetId: number; reason: ReportReason; detail?: string | null };

/** POST /api/admin/reports/{targetType}/{targetId}/resolve: the action, then the note (1–500). */
export const resolveReportBody = fieldsBody({
  action: z.enum(MODERATION_ACTIONS, { error: MODERATION_TEXTS.action }),
  note: trimmedUpTo(MODERATION_NOTE_MAX, MODERATION_TEXTS.noteTooLong).refine((v) => v !== '', {
    message: MODERATION_TEXTS.note,
  }),
});
export type ResolveReportBody = { action: ModerationAction; note: string };

/** POST /api/admin/users/{userId}/suspend: the days (a whole number 1–3650), then the reason (1–200). */
export const suspendBody = fieldsBody({
  days: z
    .union([z.number(), z.string()], { error: SUSPENSION_TEXTS.days })
    .transform((v) => (typeof v === 'number' ? v : /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : NaN))
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= SUSPENSION_DAYS_MAX, { message: SUSPENSION_TEXTS.days, abort: true }),
  reason: trimmedUpTo(SUSPENSION_REASON_MAX, SUSPENSION_TEXTS.reasonTooLong).refine((v) => v !== '', {
    message: SUSPENSION_TEXTS.reason,
  }),
});
export type SuspendBody = { days: number; reason: string };

export const reportStatusQuery = z.object({
  status: z.enum(['OPEN', 'RESOLVED']).optional().catch('OPEN'),
  page: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : 0)),
});

/** One report inside a queue item. */
export const reportEntry = z.object({
  reportId: z.number(),
  reporterId: z.number(),
  reporterNickname: z.string(),
  reason: z.enum(REPORT_REASONS),
  detail: z.string().nullable(),
  createdDateTime: dateTime,
});

/** The reported thing as the operator reads it: null fields when it was deleted meanwhile. */
export const reportedContent = z.object({
  exists: z.boolean(),
  authorId: z.number().nullable(),
  authorNickname: z.string().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  /** where it stands: the board of a reply, the group of a link or notice, the two people of a 쪽지 */
  context: z.string().nullable(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});

/** GET /api/admin/reports: one target with its reports, most reported first. */
export const reportQueueItem = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number(),
  reportCount: z.number(),
  reasons: z.record(z.string(), z.number()),
  lastReportedDateTime: dateTime,
  target: reportedContent,
  reports: z.array(reportEntry),
});
export type ReportQueueItem = z.infer<typeof reportQueueItem>;
export const reportQueuePage = pageOf(reportQueueItem);

export const auditEntry = z.object({
  auditId: z.number(),
  action: z.string(),
  operatorId: z.number().nullable(),
  operatorNickname: z.string().nullable(),
  targetType: z.string(),
  targetId: z.number(),
  note: z.string(),
  createdDateTime: dateTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = pageOf(auditEntry);
