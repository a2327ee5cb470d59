import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { messages, users } from '../../db/schema/index.js';
import type { PageRequest } from '../../lib/paging.js';

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
export type MessageWithSender = {
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
  return { rows: rows as MessageWithSender[], total: n };
}

export async function recent(db: Db, receiverId: number, limit: number): Promise<MessageWithSender[]> {
  return (await inboxOf(db, receiverId).limit(limit)) as MessageWithSender[];
}

export async function unreadCount(db: Db, receiverId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.receiverId, receiverId), eq(messages.read, false)));
  return n;
}
