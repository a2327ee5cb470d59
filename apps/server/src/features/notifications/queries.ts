import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enqueueJobs } from '../../db/jobs.js';
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
