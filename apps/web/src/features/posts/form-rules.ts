import type { RecruitmentInput, StudyGroupInput } from '@app/contract';
import type { PostKind } from './kinds';

export const FILL_ALL = '모든 항목을 정확히 입력해주세요.';
export const STUDY_END_BEFORE_START = '스터디 종료일은 시작일보다 이후여야 합니다.';
export const MIN_MEMBERS = 2;
export const MAX_MEMBERS = 100;

/** The headcount box keeps what is typed and is clamped to 2..100 when it loses focus. */
export const clampMembers = (raw: string) =>
  String(Math.min(MAX_MEMBERS, Math.max(MIN_MEMBERS, Math.trunc(Number(raw)) || MIN_MEMBERS)));

/** What the post form holds; a kind uses the fields its `form.fields` names. */
export interface PostFormValues {
  title: string;
  topic: string;
  members: string;
  dueDate: string;
  startDate: string;
  endDate: string;
  tags: string[];
  description: string;
}

export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  topic: '',
  members: String(MIN_MEMBERS),
  dueDate: '',
  startDate: '',
  endDate: '',
  tags: [],
  description: '',
};

/**
 * The body to send, or the alert that stops the submit: every field of the kind filled (tags may
 * be empty), and a study's end after its start.
 */
export function postBody(kind: PostKind, v: PostFormValues): { body: RecruitmentInput | StudyGroupInput } | { problem: string } {
  const totalMembers = Number(clampMembers(v.members));
  const hasPeriod = kind.form.fields.includes('period');
  const texts = [v.title, v.topic, v.description].map((t) => t.trim());
  const filled =
    texts.every(Boolean) && !!v.dueDate && totalMembers >= MIN_MEMBERS && (!hasPeriod || (!!v.startDate && !!v.endDate));
  if (!filled) return { problem: FILL_ALL };
  if (hasPeriod && v.endDate <= v.startDate) return { problem: STUDY_END_BEFORE_START };
  const [title, topic, description] = texts;
  const common = { title, topic, description, totalMembers, dueDate: v.dueDate };
  return { body: hasPeriod ? { ...common, startDate: v.startDate, endDate: v.endDate } : { ...common, tags: v.tags } };
}
