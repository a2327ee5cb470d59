import { postPagePath } from '@app/contract';
import type { AppContext } from '../../context.js';
import { seoulDate } from '../../lib/clock.js';
import type { Job } from '../../lib/job-worker.js';
import { inTransaction } from '../../lib/transaction.js';
import type { SystemNote } from '../messages/queries.js';
import { deadlinesOn, enqueue, finishJob, schedulesOn } from './queries.js';
import { deadlineReminderMessage, scheduleReminderMessage } from './texts.js';

const REMINDERS = 'reminders';
/** 09:00 in Asia/Seoul (UTC+9, no daylight saving) is 00:00 UTC */
const SEND_HOUR_UTC = 0;
const TICK_MS = 15 * 60_000;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** 09:00 Asia/Seoul of a Seoul date */
const sendTime = (date: string) => new Date(`${date}T${String(SEND_HOUR_UTC).padStart(2, '0')}:00:00Z`);

/**
 * Queues the reminder run of today (Seoul) and of tomorrow, each due at 09:00 Seoul; the key makes it one run per
 * day whatever the number of instances and restarts. A run due while no instance was up goes as soon as one starts.
 */
export async function queueReminderRuns(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const today = seoulDate(now);
  const runs = [today, nextDay(today)].map((date) => ({
    kind: REMINDERS,
    key: `${REMINDERS}:${date}`,
    userId: null,
    payload: { date },
    runAt: sendTime(date),
  }));
  await enqueue(ctx.db, runs, now);
}

/**
 * One day's reminders (docs/api.md §10.1): a [시스템] 쪽지 to each member of a group with a schedule tomorrow and to
 * each person who bookmarked a post whose last day is tomorrow and that is still open, written with this run's
 * completion in one transaction (a crash in the middle repeats the whole run, never a part of it). What was deleted
 * or closed before the run gets nothing. A run that comes after its own day has passed sends nothing.
 */
async function runReminders(ctx: AppContext, job: Job): Promise<string | { finishedAs: string }> {
  const date = String(job.payload.date);
  const now = ctx.clock.now();
  if (seoulDate(now) !== date) return 'missed';
  const tomorrow = nextDay(date);
  return inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const [schedules, deadlines] = [await schedulesOn(scope.tx, tomorrow), await deadlinesOn(scope.tx, tomorrow)];
    const notes: SystemNote[] = [
      ...schedules.map((s) => ({
        receiverId: s.receiverId,
        content: scheduleReminderMessage(s.groupName, s.content),
        type: 'SCHEDULE_REMINDER' as const,
        link: `/groups/${s.groupId}`,
      })),
      ...deadlines.map((d) => ({
        receiverId: d.receiverId,
        content: deadlineReminderMessage(d.title),
        type: 'DEADLINE_REMINDER' as const,
        link: postPagePath(d.kind, d.postId),
      })),
    ];
    if (notes.length > 0) await ctx.events.emit(scope, 'message.systemNotice', { notes });
    const outcome = `reminded:${notes.length}`;
    await finishJob(scope.tx, job.id, now, outcome);
    scope.afterCommit(() => ctx.jobs.wake());
    return { finishedAs: outcome };
  });
}

export function registerReminders(ctx: AppContext) {
  ctx.jobs.handle(REMINDERS, (job) => runReminders(ctx, job));
}

/** Queues the day's runs at start and every 15 minutes after (cheap: the keys make repeats no-ops). */
export function startReminderRuns(ctx: AppContext): () => void {
  const tick = () => queueReminderRuns(ctx).catch((err: unknown) => ctx.log.error({ err }, 'reminders: could not queue'));
  void tick();
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
