import {
  WITHDRAWN_NAME,
  type Applicant,
  type ApplicantList,
  type ApplyResult,
  type MyApplication,
  type Page,
} from '@app/contract';
import type { ApplicationStatusValue, ProfileRow } from '../../db/schema/index.js';
import { seoulDateTime } from '../../lib/clock.js';
import { presentRecordCounts, type RecordColumns } from '../teams/presenter.js';

export interface MyApplicationRow {
  id: number;
  post_id: number;
  title: string;
  status: ApplicationStatusValue;
  applied_at: Date;
  inactive: boolean;
  kind: MyApplication['postType'];
}

export interface ApplicantRow extends RecordColumns {
  id: number;
  applicant_id: number;
  status: ApplicationStatusValue;
  nickname: string | null;
  withdrawn: boolean;
  contact: string | null;
  field: string | null;
  tech_stacks: string[] | null;
}

export const presentApplyResult = (applicationId: number, nickname: string, profile: ProfileRow): ApplyResult => ({
  applicationId,
  applicantNickname: nickname,
  status: 'PENDING',
  techStacks: profile.techStacks,
  field: profile.field,
  contact: profile.contact,
});

export const presentMyApplication = (r: MyApplicationRow): MyApplication => ({
  applicationId: r.id,
  basePostId: r.post_id,
  recruitmentTitle: r.title,
  status: r.status,
  applyDateTime: seoulDateTime(new Date(r.applied_at)),
  inactive: r.inactive,
  postType: r.kind,
});

/** An applicant without a profile still lists, with empty field and skills (docs/api.md §3.5). */
export const presentApplicant = (r: ApplicantRow): Applicant => ({
  applicationId: r.id,
  applicantNickname: r.withdrawn || !r.nickname ? WITHDRAWN_NAME : r.nickname,
  status: r.status,
  techStacks: r.tech_stacks ?? [],
  field: r.field ?? '',
  contact: r.contact ?? null,
  userId: r.applicant_id,
  record: presentRecordCounts(r),
});

/** The author's applicant page: the post's title, then the page's fields with `applicants` for `content`. */
export function presentApplicantList(title: string, page: Page<ApplicantRow>): ApplicantList {
  const { content, ...paging } = page;
  return { title, applicants: content.map(presentApplicant), ...paging };
}
