import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.js';
import { messages, users, type MessageRow } from '../../db/schema/index.js';
import type { PageRequest } from '../../lib/paging.js';
import type { NotificationType } from '@app/contract';
import { blockedBetween } from '../blocks/queries.js';
import { notifyJobFrom } from '../notifications/queries.js';

const sender = alias(users, 'sender');

/** A message row with what the presenter needs to name its sender. */
const withSender = {
  id: messages.id,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  content: messages.content,
  read: messages.read,
  sentAt: messages.sentAt,
  sender: { nickname: sender.nickname, system: sender.system, withdrawnAt: sender.withdrawnAt },
};
/** A 쪽지 as its receiver reads it, with what names its sender (a user, [시스템] or 탈퇴한 사용자). */
/**
 * One [시스템] 쪽지: its receiver and text, what it is about (docs/api.md §10.1) and the page it concerns. `quiet`
 * ones stay in the app (a confirmation of the receiver's own action): no e-mail or push.
 */
export interface SystemNote {
  receiverId: number;
  content: string;
  type: NotificationType;
  link: string;
  quiet?: boolean;
}

export type DirectMessage = {
  id: number;
  senderId: number;
  receiverId: number;
  content: string;
  read: boolean;
  sentAt: Date;
  sender: { nickname: string | null; system: boolean; withdrawnAt: Date | null };
};

const inboxOf = (db: Db, receiverId: number) =>
  db
    .select(withSender)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .where(eq(messages.receiverId, receiverId))
    .orderBy(desc(messages.id));

export async function inboxPage(db: Db, receiverId: number, page: PageRequest) {
  const [rows, [{ n }]] = await Promise.all([
    inboxOf(db, receiverId).limit(page.size).offset(page.offset),
    db.select({ n: count() }).from(messages).where(eq(messages.receiverId, receiverId)),
  ]);
  return { rows: rows as DirectMessage[], total: n };
}

export async function recent(db: Db, receiverId: number, limit: number): Promise<DirectMessage[]> {
  return (await inboxOf(db, receiverId).limit(limit)) as DirectMessage[];
}

export async function unreadCount(db: Db, receiverId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.receiverId, receiverId), eq(messages.read, false)));
  return n;
}

/** The sender's name fields, as the presenter names a sender. */
export type SenderName = DirectMessage['sender'];

/** Marks the receiver's 쪽지 read, keeping the first read time; undefined when it is not theirs or gone. */
export async function markOpened(db: Db, receiverId: number, id: number, now: Date): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ read: true, readAt: sql`coalesce(${messages.readAt}, ${now}::timestamptz)` })
    .where(and(eq(messages.id, id), eq(messages.receiverId, receiverId)))
    .returning();
  return row;
}

/** A sender's name fields (users are never deleted: a withdrawn one stays as a tombstone). */
export async function senderName(db: Db, senderId: number): Promise<SenderName> {
  const [from] = await db
    .select({ nickname: users.nickname, system: users.system, withdrawnAt: users.withdrawnAt })
    .from(users)
    .where(eq(users.id, senderId));
  return from;
}

/** Deletes the receiver's 쪽지; false when it is not theirs or gone. */
export async function deleteReceived(db: Db, receiverId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(messages)
    .where(and(eq(messages.id, id), eq(messages.receiverId, receiverId)))
    .returning({ id: messages.id });
  return deleted.length > 0;
}

export interface StoredUnlessBlocked {
  receiver_id: number;
  nickname: string;
  blocked: boolean;
  /** null when nothing was stored (a block) */
  id: number | null;
}

/**
 * One statement: the receiver is the active, non-system user of that nickname (case-insensitive); unless a block
 * stands either way, the 쪽지 is stored. The receiver's row is key-share locked until the statement commits (see
 * {@link lockUserRow}). Undefined when there is no such receiver.
 */
export async function insertUnlessBlocked(
  tx: Db,
  fromId: number,
  receiverName: string,
  content: string,
  now: Date,
): Promise<StoredUnlessBlocked | undefined> {
  const [row] = await queryRows<StoredUnlessBlocked>(
    tx,
    sql`WITH r AS (
          SELECT u.id, u.nickname, ${blockedBetween(fromId, sql`u.id`)} AS blocked
          FROM users u
          WHERE lower(u.nickname) = lower(${receiverName}) AND u.withdrawn_at IS NULL AND NOT u.system
          LIMIT 1
          FOR KEY SHARE OF u
        ), m AS (
          INSERT INTO messages (sender_id, receiver_id, content, sent_at)
          SELECT ${fromId}::int, r.id, ${content}::text, ${now.toISOString()}::timestamptz FROM r WHERE NOT r.blocked
          RETURNING id, receiver_id
        ), j AS (
          ${notifyJobFrom(sql`m`, {
            messageId: sql`m.id`,
            receiverId: sql`m.receiver_id`,
            type: sql`'MESSAGE'`,
            content: sql`${content}::text`,
            link: sql`'/messages'`,
            senderId: sql`${fromId}::int`,
            at: sql`${now.toISOString()}::timestamptz`,
          })}
        )
        SELECT r.id AS receiver_id, r.nickname, r.blocked, m.id FROM r LEFT JOIN m ON true`,
  );
  return row?.nickname ? row : undefined;
}

/**
 * Stores each note from `senderId` to its receiver in the order given, in one statement, skipping withdrawn and
 * system receivers. The receivers' rows are held (key share) until the caller commits, so a concurrent withdrawal
 * either removes these 쪽지 or is seen here. The stored rows, in no particular order.
 */
export function insertNotes(tx: Db, senderId: number, notes: SystemNote[], now: Date): Promise<StoredNote[]> {
  const list = <T>(values: T[], type: string) =>
    sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}::${sql.raw(type)}`),
      sql`, `,
    )}]`;
  const at = sql`${now.toISOString()}::timestamptz`;
  return queryRows<StoredNote>(
    tx,
    sql`WITH n AS (
          SELECT * FROM unnest(${list(
            notes.map((n) => n.receiverId),
            'int',
          )}, ${list(
            notes.map((n) => n.content),
            'text',
          )}, ${list(
            notes.map((n) => n.type),
            'text',
          )}, ${list(
            notes.map((n) => n.link),
            'text',
          )}, ${list(
            notes.map((n) => !n.quiet),
            'boolean',
          )}) WITH ORDINALITY AS n(receiver_id, content, type, link, notify, ord)
        ), m AS (
          INSERT INTO messages (sender_id, receiver_id, content, sent_at, type)
          SELECT ${senderId}::int, u.id, n.content, ${at}, n.type
          FROM n JOIN users u ON u.id = n.receiver_id
          WHERE u.withdrawn_at IS NULL AND NOT u.system
          ORDER BY n.ord
          FOR KEY SHARE OF u
          RETURNING id, receiver_id, content, type
        ), stored AS (
          -- ids follow the order of the notes: the k-th stored row of a receiver is that receiver's k-th note
          SELECT m.*, row_number() OVER (PARTITION BY m.receiver_id ORDER BY m.id) AS k FROM m
        ), numbered AS (
          SELECT n.*, row_number() OVER (PARTITION BY n.receiver_id ORDER BY n.ord) AS k FROM n
        ), j AS (
          ${notifyJobFrom(
            sql`stored JOIN numbered ON numbered.receiver_id = stored.receiver_id AND numbered.k = stored.k AND numbered.notify`,
            {
              messageId: sql`stored.id`,
              receiverId: sql`stored.receiver_id`,
              type: sql`stored.type`,
              content: sql`stored.content`,
              link: sql`numbered.link`,
              senderId: sql`NULL::int`,
              at,
            },
          )}
        )
        SELECT id, receiver_id, content FROM stored`,
  );
}

/** A stored [시스템] 쪽지. */
export interface StoredNote {
  id: number;
  receiver_id: number;
  content: string;
}

/** Locks the user's row until the transaction ends: a 쪽지 being sent to them (key share) waits, or is seen. */
export async function lockUserRow(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Every 쪽지 the user received. */
export async function deleteAllReceived(tx: Db, receiverId: number): Promise<void> {
  await tx.delete(messages).where(eq(messages.receiverId, receiverId));
}
