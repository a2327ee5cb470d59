import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { dropJobsOf, enqueueJobs, finishJobIn, finishJobWith } from '../../db/jobs.js';
import type { NewJob } from '../../lib/job-worker.js';

/** The job that turns one stored 쪽지 into its e-mail and push jobs, by the receiver's settings when it runs. */
export const NOTIFY = 'notify';

/** What a notify job carries: enough to send without the 쪽지 (its receiver may delete it first). */
export interface NotifyPayload {
  messageId: number;
  type: string;
  content: string;
  /** the page concerned, a path of the web app */
  link: string;
  /** a person's 쪽지: who sent it */
  senderId: number | null;
}

export interface NotifyColumns {
  messageId: SQL;
  receiverId: SQL;
  type: SQL;
  content: SQL;
  link: SQL;
  senderId: SQL;
  at: SQL;
}

/**
 * An `INSERT INTO jobs … SELECT` of one notify job per row of `from`, for the statement that stores the 쪽지 (a CTE),
 * so that a 쪽지 is never committed without its job.
 */
export function notifyJobFrom(from: SQL, c: NotifyColumns): SQL {
  return sql`INSERT INTO jobs (kind, key, user_id, payload, run_at, created_at)
    SELECT ${NOTIFY}, ${`${NOTIFY}:`} || ${c.messageId}, ${c.receiverId},
           jsonb_build_object('messageId', ${c.messageId}, 'type', ${c.type}, 'content', ${c.content},
                              'link', ${c.link}, 'senderId', ${c.senderId}),
           ${c.at}, ${c.at}
    FROM ${from}
    ON CONFLICT (key) DO NOTHING`;
}

export const enqueue = (db: Db, jobs: readonly NewJob[], now: Date) => enqueueJobs(db, jobs, now);

// ---- settings ----

type Switches = Record<string, boolean>;
/** What the user changed from the defaults, per channel. */
export interface SettingOverrides {
  email: Switches;
  push: Switches;
}

export async function settingOverrides(db: Db, userId: number): Promise<SettingOverrides> {
  const [row] = await queryRows<SettingOverrides>(
    db,
    sql`SELECT email, push FROM notification_settings WHERE user_id = ${userId}`,
  );
  return row ?? { email: {}, push: {} };
}

/** Merges the switches into the user's (one statement, so two saves at once both count); the result. */
export async function saveOverrides(
  db: Db,
  userId: number,
  patch: Partial<SettingOverrides>,
  now: Date,
): Promise<SettingOverrides> {
  const email = JSON.stringify(patch.email ?? {});
  const push = JSON.stringify(patch.push ?? {});
  const [row] = await queryRows<SettingOverrides>(
    db,
    sql`INSERT INTO notification_settings AS s (user_id, email, push, updated_at)
        VALUES (${userId}, ${email}::jsonb, ${push}::jsonb, ${now.toISOString()}::timestamptz)
        ON CONFLICT (user_id) DO UPDATE SET email = s.email || EXCLUDED.email, push = s.push || EXCLUDED.push,
          updated_at = EXCLUDED.updated_at
        RETURNING email, push`,
  );
  return row;
}

// ---- push subscriptions ----

export interface SubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores the browser's subscription for the user (the same endpoint again takes the new keys and owner) and keeps
 * the user's newest `limit`.
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string },
  now: Date,
  limit: number,
): Promise<void> {
  await queryRows(
    db,
    sql`WITH saved AS (
          INSERT INTO push_subscriptions AS p (user_id, endpoint, p256dh, auth, created_at)
          VALUES (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${now.toISOString()}::timestamptz)
          ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
          RETURNING id
        )
        DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (SELECT id FROM saved) AND id NOT IN (
          SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit - 1}
        )
        RETURNING id`,
  );
}

export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
}

export const subscriptionsOf = (db: Db, userId: number) =>
  queryRows<SubscriptionRow>(
    db,
    sql`SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id`,
  );

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${id}`);
}

// ---- recipients ----

export interface Recipient {
  id: number;
  email: string | null;
  nickname: string | null;
  withdrawn: boolean;
  bounced: boolean;
  overrides: SettingOverrides;
  subscriptionIds: number[];
}

/** Everything a notify job needs to know of its receiver, in one statement; undefined for an unknown id. */
export async function recipient(db: Db, userId: number): Promise<Recipient | undefined> {
  const [row] = await queryRows<{
    id: number;
    email: string | null;
    nickname: string | null;
    withdrawn: boolean;
    bounced: boolean;
    email_on: Switches | null;
    push_on: Switches | null;
    subs: number[] | null;
  }>(
    db,
    sql`SELECT u.id, u.email, u.nickname, u.withdrawn_at IS NOT NULL AS withdrawn,
               EXISTS (SELECT 1 FROM mail_bounces b WHERE b.address = lower(u.email)) AS bounced,
               s.email AS email_on, s.push AS push_on,
               (SELECT array_agg(p.id ORDER BY p.id) FROM push_subscriptions p WHERE p.user_id = u.id) AS subs
        FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
        WHERE u.id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    withdrawn: row.withdrawn,
    bounced: row.bounced,
    overrides: { email: row.email_on ?? {}, push: row.push_on ?? {} },
    subscriptionIds: (row.subs ?? []).map(Number),
  };
}

export async function recordBounce(db: Db, address: string, now: Date, reason: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO mail_bounces (address, bounced_at, reason) VALUES (lower(${address}), ${now.toISOString()}::timestamptz, ${reason})
        ON CONFLICT (address) DO UPDATE SET bounced_at = EXCLUDED.bounced_at, reason = EXCLUDED.reason`,
  );
}

/** A withdrawing user's settings, subscriptions and sends still queued (docs/api.md §10.1). */
export async function deleteNotificationRows(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM notification_settings WHERE user_id = ${userId}`);
  await tx.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
  await dropJobsOf(tx, userId);
}

// ---- reminders ----

export interface ScheduleReminder {
  receiverId: number;
  scheduleId: number;
  groupId: number;
  groupName: string;
  content: string;
}

/** Every member (still active) of each group with a schedule on `date`. */
export const schedulesOn = (db: Db, date: string) =>
  queryRows<ScheduleReminder>(
    db,
    sql`SELECT m.user_id AS "receiverId", s.id AS "scheduleId", g.id AS "groupId", g.name AS "groupName", s.content
        FROM schedules s JOIN groups g ON g.id = s.group_id
        JOIN group_members m ON m.group_id = g.id JOIN users u ON u.id = m.user_id AND u.withdrawn_at IS NULL
        WHERE s.date = ${date}::date
        ORDER BY s.id, m.user_id`,
  );

export interface DeadlineReminder {
  receiverId: number;
  postId: number;
  kind: 'RECRUITMENT' | 'STUDY_GROUP';
  title: string;
}

/** Each bookmark of a post that is still open and whose last day is `date`. */
export const deadlinesOn = (db: Db, date: string) =>
  queryRows<DeadlineReminder>(
    db,
    sql`SELECT b.user_id AS "receiverId", p.id AS "postId", p.kind, p.title
        FROM base_posts p JOIN bookmarks b ON b.post_id = p.id JOIN users u ON u.id = b.user_id AND u.withdrawn_at IS NULL
        WHERE p.due_date = ${date}::date AND NOT p.inactive AND p.hidden_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.post_id = p.id)
        ORDER BY p.id, b.user_id`,
  );

export const finishJob = finishJobIn;
export const finishJobAndQueue = finishJobWith;

/** What one send needs, read in one statement: its receiver (as {@link recipient}), the device, the sender. */
export interface SendTarget {
  email: string | null;
  withdrawn: boolean;
  bounced: boolean;
  overrides: SettingOverrides;
  subscription: SubscriptionRow | null;
  sender: { nickname: string | null; system: boolean; withdrawnAt: Date | null } | null;
}

export async function sendTarget(
  db: Db,
  userId: number,
  subscriptionId: number | null,
  senderId: number | null,
): Promise<SendTarget | undefined> {
  const [row] = await queryRows<{
    email: string | null;
    withdrawn: boolean;
    bounced: boolean;
    email_on: Switches | null;
    push_on: Switches | null;
    sub_id: number | null;
    endpoint: string | null;
    p256dh: string | null;
    auth: string | null;
    sender_id: number | null;
    sender_nickname: string | null;
    sender_system: boolean | null;
    sender_withdrawn_at: Date | string | null;
  }>(
    db,
    sql`SELECT u.email, u.withdrawn_at IS NOT NULL AS withdrawn,
               EXISTS (SELECT 1 FROM mail_bounces b WHERE b.address = lower(u.email)) AS bounced,
               s.email AS email_on, s.push AS push_on,
               p.id AS sub_id, p.endpoint, p.p256dh, p.auth,
               f.id AS sender_id, f.nickname AS sender_nickname, f.system AS sender_system, f.withdrawn_at AS sender_withdrawn_at
        FROM users u
        LEFT JOIN notification_settings s ON s.user_id = u.id
        LEFT JOIN push_subscriptions p ON p.id = ${subscriptionId}::int AND p.user_id = u.id
        LEFT JOIN users f ON f.id = ${senderId}::int
        WHERE u.id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    email: row.email,
    withdrawn: row.withdrawn,
    bounced: row.bounced,
    overrides: { email: row.email_on ?? {}, push: row.push_on ?? {} },
    subscription: row.sub_id === null ? null : { id: row.sub_id, endpoint: row.endpoint!, p256dh: row.p256dh!, auth: row.auth! },
    sender:
      row.sender_id === null
        ? null
        : {
            nickname: row.sender_nickname,
            system: row.sender_system === true,
            withdrawnAt: row.sender_withdrawn_at === null ? null : new Date(row.sender_withdrawn_at),
          },
  };
}
