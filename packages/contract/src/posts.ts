import { z } from 'zod';
import { dateTime } from './common.js';
import { hiddenMark } from './hidden.js';
import { asFields, dateField, fieldsBody, stringList, text } from './text.js';

/** Result of an ordered validation: the first failed rule's text, or the cleaned value. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

type Step = [key: string, schema: z.ZodType] | ((value: Record<string, unknown>) => string | null);

/**
 * Runs field schemas and cross-field rules strictly in the given order (docs/api.md §1.3: the first
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

const profileShape = { contact: z.string(), techStacks: z.array(z.string()), field: z.string() };
export const profile = z.object({ id: z.number().int(), userId: z.number().int(), ...profileShape });
export type Profile = z.infer<typeof profile>;
export const myProfileInfo = z.object({ nickname: z.string(), email: z.string(), ...profileShape });
export type MyProfileInfo = z.infer<typeof myProfileInfo>;

// ---- posts (3.3, 3.4) ----

export const DUE_DATE_REQUIRED_TEXT = '공고 마감날짜를 선택해주세요.';
export const DUE_DATE_RULE_TEXT = '마감일은 생성일 이후로 설정해야 합니다.';

/** totalMembers: an integer 2-100 given as a number or a numeric string. */
function membersField(tooFew: string, tooMany: string) {
  return z.union([z.number(), z.string()], { error: tooFew }).transform((v, ctx) => {
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

/** The recruitment body as /docs shows it; the server checks it in order with {@link checkRecruitment}. */
export const recruitmentBody = z.object({ ...recruitmentFields, dueDate: dueDateField });

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

/** The study-group body as /docs shows it; the server checks it in order with {@link checkStudyGroup}. */
export const studyGroupBody = z.object({ ...studyFields, dueDate: dueDateField });

export const SEARCH_TOO_LONG_TEXT = '검색어는 최대 50자까지 입력 가능합니다.';
export const SEARCH_TYPES = ['all', 'title', 'creator', 'content'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

const postCommon = {
  id: z.number().int(),
  title: z.string(),
  dueDate: z.string(),
  currentMembers: z.number().int(),
  totalMembers: z.number().int(),
  creatorNickname: z.string(),
  topic: z.string(),
  views: z.number().int(),
};
const listed = { inactive: z.boolean(), createdAt: dateTime };
const detailed = { description: z.string(), createdDateTime: dateTime, creatorContact: z.string().nullable() };
const studyDates = { startDate: z.string(), endDate: z.string() };

export const recruitmentItem = z.object({ ...postCommon, ...listed, tags: z.array(z.string()) });
export type RecruitmentItem = z.infer<typeof recruitmentItem>;
export const recruitment = z.object({ ...postCommon, ...detailed, tags: z.array(z.string()), ...hiddenMark });
export type Recruitment = z.infer<typeof recruitment>;
export const studyGroupItem = z.object({ ...postCommon, ...listed, ...studyDates });
export type StudyGroupItem = z.infer<typeof studyGroupItem>;
export const studyGroup = z.object({ ...postCommon, ...detailed, ...studyDates, ...hiddenMark });
export type StudyGroup = z.infer<typeof studyGroup>;

export const postType = z.enum(['RECRUITMENT', 'STUDY_GROUP']);
export type PostType = z.infer<typeof postType>;
export const myPost = z.object({
  basePostId: z.number().int(),
  title: z.string(),
  inactive: z.boolean(),
  postType,
  createdAt: dateTime,
  dueDate: z.string(),
  currentMembers: z.number().int(),
  totalMembers: z.number().int(),
  topic: z.string(),
  applicantCount: z.number().int(),
  hasGroup: z.literal(false),
  ...hiddenMark,
});
export type MyPost = z.infer<typeof myPost>;
