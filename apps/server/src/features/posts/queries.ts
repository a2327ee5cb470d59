import { sql, type SQL } from 'drizzle-orm';
import type { SearchType } from '@app/contract';
import { queryRows, type Db } from '../../db/client.js';
import type { PostKind } from '../../db/schema/index.js';
import type { PageRequest } from '../../lib/paging.js';
import { effectiveInactive } from './inactivity.js';

/** One list/detail row: the post, its effective inactivity, creator name and tags in order. */
export interface PostListRow {
  id: number;
  kind: PostKind;
  title: string;
  topic: string;
  due_date: string;
  start_date: string | null;
  end_date: string | null;
  created_at: Date;
  current_members: number;
  total_members: number;
  views: number;
  inactive: boolean;
  creator_id: number;
  nickname: string | null;
  withdrawn: boolean;
  tags: string[];
}

export interface PostDetailRow extends PostListRow {
  description: string;
  stored_inactive: boolean;
  phone_number: string | null;
  profile_contact: string | null;
}

const listColumns = (today: string) => sql`
  p.id, p.kind, p.title, p.topic, p.due_date::text AS due_date, p.start_date::text AS start_date,
  p.end_date::text AS end_date, p.created_at, p.current_members, p.total_members, p.views,
  ${effectiveInactive(today)} AS inactive, p.creator_id, u.nickname, (u.withdrawn_at IS NOT NULL) AS withdrawn,
  COALESCE((SELECT array_agg(t.name ORDER BY t.position) FROM post_tags t WHERE t.post_id = p.id), '{}') AS tags`;

/** `%`, `_` and `\` match literally (contract 3.3). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ids matching a keyword. Each branch can use its own index (trigram GIN on title, description
 * and users.nickname), and a UNION of ids keeps it that way for "all".
 */
function matchFilter(type: SearchType, keyword: string): SQL {
  const pat = likePattern(keyword);
  const byTitle = sql`SELECT id FROM base_posts WHERE title ILIKE ${pat}`;
  const byContent = sql`SELECT id FROM base_posts WHERE description ILIKE ${pat}`;
  const byCreator = sql`SELECT id FROM base_posts WHERE creator_id IN (SELECT id FROM users WHERE nickname ILIKE ${pat})`;
  switch (type) {
    case 'title':
      return sql`p.title ILIKE ${pat}`;
    case 'content':
      return sql`p.description ILIKE ${pat}`;
    case 'creator':
      return sql`p.creator_id IN (SELECT id FROM users WHERE nickname ILIKE ${pat})`;
    default:
      return sql`p.id IN (${byTitle} UNION ${byContent} UNION ${byCreator})`;
  }
}

export interface Search {
  type: SearchType;
  keyword: string;
}

/** A page of one kind, newest first; `search` null means no filter. */
export async function listPosts(
  db: Db,
  kind: PostKind,
  today: string,
  page: PageRequest,
  search: Search | null,
): Promise<{ rows: PostListRow[]; total: number }> {
  const where = search ? sql`p.kind = ${kind} AND ${matchFilter(search.type, search.keyword)}` : sql`p.kind = ${kind}`;
  const [rows, counted] = await Promise.all([
    queryRows<PostListRow>(
      db,
      sql`SELECT ${listColumns(today)} FROM base_posts p JOIN users u ON u.id = p.creator_id
          WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
    ),
    queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM base_posts p WHERE ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** At most 4 active posts with views, most viewed first (contract 3.3). */
export function popularPosts(db: Db, kind: PostKind, today: string): Promise<PostListRow[]> {
  return queryRows<PostListRow>(
    db,
    sql`SELECT ${listColumns(today)} FROM base_posts p JOIN users u ON u.id = p.creator_id
        WHERE p.kind = ${kind} AND NOT p.inactive AND p.views > 0 AND p.due_date >= ${today}::date
        ORDER BY p.views DESC, p.created_at DESC, p.id DESC LIMIT 4`,
  );
}

/** The post with everything its detail needs, whatever its kind; undefined when missing. */
export async function findPostDetail(db: Db, id: number, today: string): Promise<PostDetailRow | undefined> {
  const rows = await queryRows<PostDetailRow>(
    db,
    sql`SELECT ${listColumns(today)}, p.description, p.inactive AS stored_inactive, u.phone_number,
          (SELECT ap.contact FROM application_profiles ap WHERE ap.user_id = p.creator_id) AS profile_contact
        FROM base_posts p JOIN users u ON u.id = p.creator_id WHERE p.id = ${id}`,
  );
  return rows[0];
}
