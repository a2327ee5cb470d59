import { WITHDRAWN_NAME, type Group, type GroupMember, type MyGroup, type RecordCounts } from '@app/contract';
import type { GroupRow } from '../../db/schema/index.js';
import { nullableSeoulDateTime } from '../../lib/clock.js';

type GroupFields = Pick<
  GroupRow,
  'id' | 'name' | 'description' | 'type' | 'status' | 'completedAt' | 'summary' | 'resultUrl' | 'showcase'
>;

export interface MemberRow {
  userId: number;
  role: 'ADMIN' | 'MEMBER';
  joinedBy: 'CREATION' | 'INVITE';
  joinedAt: Date;
  nickname: string | null;
  loginId: string | null;
  record: RecordCounts;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function presentMember(m: MemberRow, now: Date): GroupMember {
  return {
    userId: m.userId,
    nickname: m.nickname ?? WITHDRAWN_NAME,
    loginId: m.loginId,
    role: m.role,
    // docs/api.md §3.6: "new" marks a member invited less than 24 h ago.
    new: m.joinedBy === 'INVITE' && now.getTime() - m.joinedAt.getTime() < DAY_MS,
    record: { joined: m.record.joined, completed: m.record.completed, leftEarly: m.record.leftEarly },
  };
}

export function presentGroup(g: GroupFields, members: MemberRow[], now: Date): Group {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    type: g.type,
    status: g.status,
    completedDateTime: nullableSeoulDateTime(g.completedAt),
    summary: g.summary,
    resultUrl: g.resultUrl,
    members: members.map((m) => presentMember(m, now)),
  };
}

export interface MyGroupRow {
  id: number;
  name: string;
  description: string;
  type: 'PROJECT' | 'STUDY_GROUP';
  role: 'ADMIN' | 'MEMBER';
}

export const presentMyGroup = ({ role, ...g }: MyGroupRow): MyGroup => ({ ...g, admin: role === 'ADMIN' });
