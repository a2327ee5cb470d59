import { z } from 'zod';
import { dateTime } from './common.js';
import { BAD_REQUEST_TEXT, bodyId, dateField, fieldsBody, text } from './text.js';
import { GROUP_STATUSES, recordCounts } from './teams.js';

// ---- groups and members (3.6) ----

export const GROUP_NAME_TEXT = '그룹 이름은 3자 이상 50자 이하로 입력해주세요.';
export const INVITE_NICKNAME_TEXT = '닉네임을 입력하세요.';

/** Name and description, trimmed, as group create and edit check them. */
export const groupInfoFields = {
  name: text({
    required: GROUP_NAME_TEXT,
    min: 3,
    max: 50,
    tooLong: GROUP_NAME_TEXT,
  }),
  description: text({
    required: '그룹 설명을 입력해주세요.',
    max: 255,
    tooLong: '그룹 설명은 최대 255자까지 입력 가능합니다.',
    multiline: true,
  }),
};
export const updateGroupBody = fieldsBody(groupInfoFields);
export type UpdateGroupBody = { name: string; description: string };

export const inviteBody = fieldsBody({
  nickname: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : ''))
    .refine((s) => s.length > 0, { message: INVITE_NICKNAME_TEXT }),
});
export type InviteBody = { nickname: string };

export type GroupType = 'PROJECT' | 'STUDY_GROUP';
export type GroupRole = 'ADMIN' | 'MEMBER';

export const groupMember = z.object({
  userId: z.number(),
  nickname: z.string(),
  loginId: z.string().nullable(),
  role: z.enum(['ADMIN', 'MEMBER']),
  new: z.boolean(),
  /** docs/api.md §10.2: the member's joined / completed / left-early counts */
  record: recordCounts,
});
export type GroupMember = z.infer<typeof groupMember>;

export const group = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['PROJECT', 'STUDY_GROUP']),
  status: z.enum(GROUP_STATUSES),
  completedDateTime: dateTime.nullable(),
  summary: z.string().nullable(),
  resultUrl: z.string().nullable(),
  members: z.array(groupMember),
});
export type Group = z.infer<typeof group>;

export const myGroup = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['PROJECT', 'STUDY_GROUP']),
  admin: z.boolean(),
});
export type MyGroup = z.infer<typeof myGroup>;

// ---- schedules (3.7) ----

export const SCHEDULE_DATE_TEXT = '날짜 형식이 올바르지 않습니다.';

const scheduleGroupFields = { groupId: bodyId(BAD_REQUEST_TEXT), writerId: z.unknown().optional() };
/** The group an entry belongs to: read first, because membership is checked before the other fields. */
export const scheduleGroupBody = fieldsBody(scheduleGroupFields);
export const scheduleDateField = dateField(SCHEDULE_DATE_TEXT);
const scheduleContentField = text({
  required: '일정 내용을 입력해주세요.',
  max: 200,
  tooLong: '일정 내용은 최대 200자까지 입력 가능합니다.',
  multiline: true,
});
/** POST and PUT /api/schedules: the group, then content, then date (docs/api.md §3.7). */
export const scheduleBody = fieldsBody({ ...scheduleGroupFields, content: scheduleContentField, date: scheduleDateField });
/** DELETE /api/schedules (a JSON body). */
export const scheduleDeleteBody = fieldsBody({ ...scheduleGroupFields, date: scheduleDateField });
export type ScheduleBody = {
  groupId: number | string;
  writerId?: number;
  content: string;
  date: string;
};
export type ScheduleDeleteBody = {
  groupId: number | string;
  writerId?: number;
  date: string;
};

export const scheduleTotal = z.object({
  nickname: z.string(),
  date: z.string(),
});
export type ScheduleTotal = z.infer<typeof scheduleTotal>;

export const scheduleDetail = z.object({
  writerId: z.number(),
  nickname: z.string(),
  createdAt: dateTime,
  content: z.string(),
});
export type ScheduleDetail = z.infer<typeof scheduleDetail>;

// ---- group creation (3.6) ----

const createGroupFields = {
  ...groupInfoFields,
  basePostId: bodyId(BAD_REQUEST_TEXT),
};
export const createGroupBody = fieldsBody(createGroupFields);
export type CreateGroupBody = z.input<z.ZodObject<typeof createGroupFields>>;
