import { z } from 'zod';
import { groupInfoFields } from './groups.js';
import { asFields, BAD_REQUEST_TEXT, bodyId, dateField, fieldsBody, stringList, text } from './text.js';

/** Result of an ordered validation: the first failed rule's text, or the cleaned value. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

type Step = [key: string, schema: z.ZodType] | ((value: Record<string, unknown>) => string | null);

/**
 * Runs field schemas and cross-field rules strictly in the given order (contract 1.3: the first
 * failure decides the text), which a plain zod object cannot do for rules that span fields.
 */
function ordered<T>(steps: Step[], body: unknown): Checked<T> {
  const input = asFields(body);
  const value: Record<string, unknown> = {};
  for (const step of steps) {
    if (typeof step === 'function') {
      const message = step(value);
      if (message) return { ok: false, message };
      continue;
    }
    const [key, schema] = step;
    const parsed = schema.safeParse(input[key]);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
    value[key] = parsed.data;
  }
  return { ok: true, value: value as T };
}

// ---- application profile (3.2) ----

export const CONTACT_TEXT = '연락처는 숫자 10~11자리 또는 비공개로 입력해주세요.';
export const contactField = z
  .string({ error: CONTACT_TEXT })
  .trim()
  .refine((s) => s === '비공개' || /^\d{10,11}$/.test(s), { message: CONTACT_TEXT });

const profileFields = {
  contact: contactField,
  field: text({ required: '분야를 입력해주세요.', max: 50, tooLong: '분야는 최대 50자까지 입력 가능합니다.' }),
  techStacks: stringList({
    maxItems: 20,
    maxLength: 30,
    tooMany: '기술 스택은 최대 20개까지 등록할 수 있습니다.',
    tooLong: '기술 스택은 항목당 최대 30자까지 입력 가능합니다.',
  }),
};
export const profileBody = fieldsBody(profileFields);
export type ProfileBody = z.input<z.ZodObject<typeof profileFields>>;

export interface Profile {
  id: number;
  userId: number;
  contact: string;
  techStacks: string[];
  field: string;
}
export interface MyProfileInfo {
  nickname: string;
  email: string;
  contact: string;
  techStacks: string[];
  field: string;
}

// ---- posts (3.3, 3.4) ----

export const DUE_DATE_REQUIRED_TEXT = '공고 마감날짜를 선택해주세요.';
export const DUE_DATE_RULE_TEXT = '마감일은 생성일 이후로 설정해야 합니다.';

/** totalMembers: an integer 2-100 given as a number or a numeric string. */
function membersField(tooFew: string, tooMany: string) {
  return z
    .union([z.number(), z.string()], { error: tooFew })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 2) {
        ctx.addIssue({ code: 'custom', message: n > 100 ? tooMany : tooFew });
        return z.NEVER;
      }
      if (n > 100) {
        ctx.addIssue({ code: 'custom', message: tooMany });
        return z.NEVER;
      }
      return n;
    });
}

const dueDateField = dateField(DUE_DATE_REQUIRED_TEXT);

export interface RecruitmentInput {
  title: string;
  description: string;
  topic: string;
  totalMembers: number;
  dueDate: string;
  tags: string[];
}

const recruitmentFields = {
  title: text({ required: '제목을 입력해주세요.', max: 100, tooLong: '제목은 최대 100자까지 입력 가능합니다.' }),
  description: text({
    required: '설명을 입력해주세요.',
    max: 5000,
    tooLong: '설명은 최대 5000자까지 입력 가능합니다.',
    multiline: true,
  }),
  topic: text({ required: '주제를 입력해주세요.', max: 50, tooLong: '주제는 최대 50자까지 입력 가능합니다.' }),
  totalMembers: membersField('모집 인원은 최소 2명 이상이어야 합니다.', '모집 인원은 최대 100명까지 가능합니다.'),
  tags: stringList({
    maxItems: 10,
    maxLength: 20,
    tooMany: '태그는 최대 10개까지 등록할 수 있습니다.',
    tooLong: '태그는 항목당 최대 20자까지 입력 가능합니다.',
  }),
};

/**
 * Recruitment create/edit body, in the contract's order: title, description, topic, totalMembers,
 * dueDate (not before `minDueDate` when given: today on create), tags.
 */
export function checkRecruitment(body: unknown, minDueDate?: string): Checked<RecruitmentInput> {
  return ordered<RecruitmentInput>(
    [
      ['title', recruitmentFields.title],
      ['description', recruitmentFields.description],
      ['topic', recruitmentFields.topic],
      ['totalMembers', recruitmentFields.totalMembers],
      ['dueDate', dueDateField],
      (v) => (minDueDate && (v.dueDate as string) < minDueDate ? DUE_DATE_RULE_TEXT : null),
      ['tags', recruitmentFields.tags],
    ],
    body,
  );
}

export interface StudyGroupInput {
  title: string;
  description: string;
  totalMembers: number;
  topic: string;
  startDate: string;
  endDate: string;
  dueDate: string;
}

const studyFields = {
  title: text({
    required: '스터디 제목은 필수 입력 값입니다.',
    tooShort: '스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.',
    min: 2,
    max: 50,
    tooLong: '스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.',
  }),
  description: text({
    required: '스터디 설명을 입력해주세요.',
    max: 500,
    tooLong: '스터디 설명은 최대 500자까지 입력 가능합니다.',
    multiline: true,
  }),
  totalMembers: membersField('스터디 인원은 최소 2명 이상이어야 합니다.', '스터디 인원은 최대 100명까지 가능합니다.'),
  topic: text({ required: '스터디 주제를 입력해주세요.', max: 50, tooLong: '스터디 주제는 최대 50자까지 입력 가능합니다.' }),
  startDate: dateField('스터디 시작 날짜를 입력해주세요.'),
  endDate: dateField('스터디 종료 날짜를 입력해주세요.'),
};

/**
 * Study-group create/edit body, in the contract's order: title, description, totalMembers, topic,
 * startDate, endDate (after `today`), start <= end, dueDate (not before `minDueDate` when given).
 */
export function checkStudyGroup(body: unknown, today: string, minDueDate?: string): Checked<StudyGroupInput> {
  const titleMissing = (b: unknown) => {
    const t = (b as { title?: unknown } | null)?.title;
    return typeof t !== 'string' || t.trim() === '';
  };
  if (titleMissing(body)) return { ok: false, message: '스터디 제목은 필수 입력 값입니다.' };
  return ordered<StudyGroupInput>(
    [
      ['title', studyFields.title],
      ['description', studyFields.description],
      ['totalMembers', studyFields.totalMembers],
      ['topic', studyFields.topic],
      ['startDate', studyFields.startDate],
      ['endDate', studyFields.endDate],
      (v) => ((v.endDate as string) <= today ? '스터디 종료 날짜는 현재 날짜 이후여야 합니다.' : null),
      (v) => ((v.startDate as string) > (v.endDate as string) ? '시작일은 종료일 이전으로 설정되어야 합니다.' : null),
      ['dueDate', dueDateField],
      (v) => (minDueDate && (v.dueDate as string) < minDueDate ? DUE_DATE_RULE_TEXT : null),
    ],
    body,
  );
}

export const SEARCH_TOO_LONG_TEXT = '검색어는 최대 50자까지 입력 가능합니다.';
export const SEARCH_TYPES = ['all', 'title', 'creator', 'content'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface RecruitmentItem {
  id: number;
  title: string;
  dueDate: string;
  createdAt: string;
  currentMembers: number;
  totalMembers: number;
  tags: string[];
  creatorNickname: string;
  inactive: boolean;
  views: number;
  topic: string;
}
export interface Recruitment {
  id: number;
  title: string;
  description: string;
  createdDateTime: string;
  dueDate: string;
  currentMembers: number;
  totalMembers: number;
  tags: string[];
  creatorNickname: string;
  creatorContact: string | null;
  topic: string;
  views: number;
}
export interface StudyGroupItem {
  id: number;
  creatorNickname: string;
  title: string;
  currentMembers: number;
  totalMembers: number;
  topic: string;
  inactive: boolean;
  dueDate: string;
  createdAt: string;
  views: number;
  startDate: string;
  endDate: string;
}
export interface StudyGroup {
  id: number;
  creatorNickname: string;
  title: string;
  description: string;
  currentMembers: number;
  totalMembers: number;
  topic: string;
  startDate: string;
  endDate: string;
  dueDate: string;
  createdDateTime: string;
  creatorContact: string | null;
  views: number;
}

export type PostType = 'RECRUITMENT' | 'STUDY_GROUP';
export interface MyPost {
  basePostId: number;
  title: string;
  inactive: boolean;
  postType: PostType;
  createdAt: string;
  dueDate: string;
  currentMembers: number;
  totalMembers: number;
  topic: string;
  applicantCount: number;
  hasGroup: false;
}

// ---- applications (3.2, 3.5) ----

export type ApplicationStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export const applyBody = fieldsBody({ recruitmentId: bodyId('공고 정보가 올바르지 않습니다.') });
export type ApplyBody = { recruitmentId: number | string };

export const INVALID_STATUS_TEXT = '지원 상태 값이 올바르게 전달되지 않았습니다.';
export const statusBody = fieldsBody({ applicationId: bodyId(BAD_REQUEST_TEXT), status: z.unknown().optional() });
export type StatusBody = { applicationId: number | string; status: 'APPROVED' | 'REJECTED'; basePostId?: number };

export interface Applicant {
  applicationId: number;
  applicantNickname: string;
  status: ApplicationStatus;
  techStacks: string[];
  field: string;
  contact: string | null;
  userId: number;
}
export interface ApplicantList {
  title: string;
  applicants: Applicant[];
  totalPages: number;
  number: number;
  size: number;
  totalElements: number;
  first: boolean;
  last: boolean;
  empty: boolean;
}
export interface ApplyResult {
  applicationId: number;
  applicantNickname: string;
  status: 'PENDING';
  techStacks: string[];
  field: string;
  contact: string | null;
}
export interface MyApplication {
  applicationId: number;
  basePostId: number;
  recruitmentTitle: string;
  status: ApplicationStatus;
  applyDateTime: string;
  inactive: boolean;
  postType: PostType;
}

// ---- group creation (3.6) ----

const createGroupFields = {
  ...groupInfoFields,
  basePostId: bodyId(BAD_REQUEST_TEXT),
};
export const createGroupBody = fieldsBody(createGroupFields);
export type CreateGroupBody = z.input<z.ZodObject<typeof createGroupFields>>;
