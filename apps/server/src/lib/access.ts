import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { Forbidden, NotFound } from './errors.js';

export const NOT_GROUP_MEMBER_TEXT = '그룹의 일원이 아닙니다.';

export interface GroupAccess {
  group: {
    id: number;
    postId: number;
    name: string;
    description: string;
    type: 'PROJECT' | 'STUDY_GROUP';
  };
  /** the caller's membership; a caller who is not a member never gets past {@link loadGroupAccess} */
  membership: { role: 'ADMIN' | 'MEMBER' };
}

interface AccessRow {
  id: number;
  post_id: number;
  name: string;
  description: string;
  type: 'PROJECT' | 'STUDY_GROUP';
  role: 'ADMIN' | 'MEMBER' | null;
}

/**
 * The group and the caller's membership in one query, default deny: 404 with the route's text when the
 * group is missing, 403 not_group_member when the caller is not in it (docs/api.md §3.6, §3.7, §3.8).
 */
export async function loadGroupAccess(db: Db, groupId: number, userId: number, notFoundText: string): Promise<GroupAccess> {
  const [row] = await queryRows<AccessRow>(
    db,
    sql`SELECT g.id, g.post_id, g.name, g.description, g.type, m.role
        FROM groups g LEFT JOIN group_members m ON m.group_id = g.id AND m.user_id = ${userId}
        WHERE g.id = ${groupId}`,
  );
  if (!row) throw new NotFound(notFoundText);
  if (!row.role) throw new Forbidden(NOT_GROUP_MEMBER_TEXT, 'not_group_member');
  return {
    group: {
      id: row.id,
      postId: row.post_id,
      name: row.name,
      description: row.description,
      type: row.type,
    },
    membership: { role: row.role },
  };
}
