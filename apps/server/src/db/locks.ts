import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Every advisory-lock class the server takes, in one table so no two uses share a number. The two-key form
 * (class, id) is used everywhere but the migrator, which takes the one-key form.
 */
export const LOCK = {
  migrations: 723_001,
  /** "this user is creating / withdrawing": creates share it, withdrawal takes it alone */
  userActivity: 7001,
  /** "this user's bookmarks", so two adds at once cannot both pass the limit */
  userBookmarks: 7002,
  /** "this user's blocks", so two blocks at once cannot both pass the limit */
  userBlocks: 7003,
  /** sends to one e-mail (by its hash), so the per-e-mail limits hold across instances */
  recoverySend: 7004,
  /** "this user's reports", so two reports at once cannot both pass the daily limit */
  userReports: 7005,
  /** "reports of this target" (a hash of kind and id), so the report that completes the hiding count sees the others */
  reportTarget: 7006,
  /** "this new account's creates", so two creates at once cannot both pass a new-account limit */
  newAccountCreates: 7007,
  /**
   * the kept search matches (migration 0023, whose triggers take it by number): taken shared by every post or
   * nickname write, alone while a keyword's matches are listed
   */
  searchHits: 7008,
} as const;

type LockClass = Exclude<(typeof LOCK)[keyof typeof LOCK], typeof LOCK.migrations>;

/** Holds lock (class, id) alone until the transaction ends. */
export async function lockExclusive(tx: Db, lockClass: LockClass, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockClass}, ${id})`);
}

/** Holds lock (class, id) shared with other shared holders until the transaction ends. */
export async function lockShared(tx: Db, lockClass: LockClass, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${lockClass}, ${id})`);
}

/** Holds lock (class, hash of `text`) alone until the transaction ends. */
export async function lockExclusiveOnText(tx: Db, lockClass: LockClass, text: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockClass}, hashtext(${text}))`);
}

/** The migrator's lock: one key, so no two-key lock can meet it. */
export async function lockMigrations(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK.migrations})`);
}
