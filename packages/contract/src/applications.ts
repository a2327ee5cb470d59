import { z } from 'zod';
import { dateTime } from './common.js';
import { postType } from './posts.js';
import { BAD_REQUEST_TEXT, bodyId, fieldsBody } from './text.js';
import { recordCounts } from './teams.js';

// ---- applications (3.2, 3.5) ----

export const applyBody = fieldsBody({ recruitmentId: bodyId('공고 정보가 올바르지 않습니다.') });
export type ApplyBody = { recruitmentId: number | string };

export const statusBody = fieldsBody({ applicationId: bodyId(BAD_REQUEST_TEXT), status: z.unknown().optional() });
export type StatusBody = { applicationId: number | string; status: 'APPROVED' | 'REJECTED'; basePostId?: number };

export const applicationStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type ApplicationStatus = z.infer<typeof applicationStatus>;
const applicantCommon = {
  applicationId: z.number().int(),
  applicantNickname: z.string(),
  techStacks: z.array(z.string()),
  field: z.string(),
  contact: z.string().nullable(),
};
export const applicant = z.object({
  ...applicantCommon,
  status: applicationStatus,
  userId: z.number().int(),
  /** docs/api.md §10.2 */
  record: recordCounts,
});
export type Applicant = z.infer<typeof applicant>;
export const applicantList = z.object({
  title: z.string(),
  applicants: z.array(applicant),
  totalPages: z.number().int(),
  number: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  first: z.boolean(),
  last: z.boolean(),
  empty: z.boolean(),
});
export type ApplicantList = z.infer<typeof applicantList>;
export const applyResult = z.object({ ...applicantCommon, status: z.literal('PENDING') });
export type ApplyResult = z.infer<typeof applyResult>;
export const myApplication = z.object({
  applicationId: z.number().int(),
  basePostId: z.number().int(),
  recruitmentTitle: z.string(),
  status: applicationStatus,
  applyDateTime: dateTime,
  inactive: z.boolean(),
  postType,
});
export type MyApplication = z.infer<typeof myApplication>;
