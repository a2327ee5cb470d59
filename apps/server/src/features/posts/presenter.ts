import {
  hiddenMarkOf,
  WITHDRAWN_NAME,
  type MyPost,
  type PopularTag,
  type Recruitment,
  type RecruitmentItem,
  type StudyGroup,
  type StudyGroupItem,
} from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';
import type { MyPostRow, PostDetailRow, PostListRow } from './queries.js';

const creatorName = (r: PostListRow) => (r.withdrawn || !r.nickname ? WITHDRAWN_NAME : r.nickname);
const createdAt = (r: PostListRow) => seoulDateTime(new Date(r.created_at));
/** `hidden`, `hiddenReason` on a hidden post (only its author and operators read one, docs/api.md §10.4) */
const hiddenOf = (r: { hidden_at: Date | string | null; hidden_reason: string | null }) =>
  hiddenMarkOf({ hiddenAt: r.hidden_at, hiddenReason: r.hidden_reason });

export function presentRecruitmentItem(r: PostListRow): RecruitmentItem {
  return {
    id: r.id,
    title: r.title,
    dueDate: r.due_date,
    createdAt: createdAt(r),
    currentMembers: r.current_members,
    totalMembers: r.total_members,
    tags: r.tags ?? [],
    creatorNickname: creatorName(r),
    inactive: r.inactive,
    views: r.views,
    topic: r.topic,
  };
}

export function presentStudyGroupItem(r: PostListRow): StudyGroupItem {
  return {
    id: r.id,
    creatorNickname: creatorName(r),
    title: r.title,
    currentMembers: r.current_members,
    totalMembers: r.total_members,
    topic: r.topic,
    inactive: r.inactive,
    dueDate: r.due_date,
    createdAt: createdAt(r),
    views: r.views,
    startDate: r.start_date ?? '',
    endDate: r.end_date ?? '',
  };
}

/** docs/api.md §3.3: null for anonymous callers, else the profile contact, else the account phone. */
function creatorContact(r: PostDetailRow, viewerId: number | null): string | null {
  if (viewerId === null) return null;
  return r.profile_contact ?? r.phone_number ?? null;
}

export function presentRecruitment(r: PostDetailRow, viewerId: number | null): Recruitment {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    createdDateTime: createdAt(r),
    dueDate: r.due_date,
    currentMembers: r.current_members,
    totalMembers: r.total_members,
    tags: r.tags ?? [],
    creatorNickname: creatorName(r),
    creatorContact: creatorContact(r, viewerId),
    topic: r.topic,
    views: r.views,
    ...hiddenOf(r),
  };
}

export function presentStudyGroup(r: PostDetailRow, viewerId: number | null): StudyGroup {
  return {
    id: r.id,
    creatorNickname: creatorName(r),
    title: r.title,
    description: r.description,
    currentMembers: r.current_members,
    totalMembers: r.total_members,
    topic: r.topic,
    startDate: r.start_date ?? '',
    endDate: r.end_date ?? '',
    dueDate: r.due_date,
    createdDateTime: createdAt(r),
    creatorContact: creatorContact(r, viewerId),
    views: r.views,
    ...hiddenOf(r),
  };
}

export function presentMyPost(r: MyPostRow): MyPost {
  return {
    basePostId: r.id,
    title: r.title,
    inactive: r.inactive,
    postType: r.kind,
    createdAt: seoulDateTime(new Date(r.created_at)),
    dueDate: r.due_date,
    currentMembers: r.current_members,
    totalMembers: r.total_members,
    topic: r.topic,
    applicantCount: Number(r.applicant_count),
    hasGroup: false,
    ...hiddenOf(r),
  };
}

export const presentPopularTag = (r: { name: string; n: number | string }): PopularTag => ({ name: r.name, count: Number(r.n) });
