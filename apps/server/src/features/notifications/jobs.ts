import { NOTIFICATION_LABELS, type NotificationType } from '@app/contract';
import type { AppContext } from '../../context.js';
import { dropJob, retryLater, type Job, type NewJob } from '../../lib/job-worker.js';
import { MailRefused } from '../../lib/mail/mailer.js';
import { PushUnavailable, sendWebPush } from '../../lib/web-push.js';
import { displayName } from '../account/presenter.js';
import { announcesHidden } from './hidden-links.js';
import { notificationMail } from './mails.js';
import {
  deleteSubscriptionById,
  finishJobAndQueue,
  NOTIFY,
  recipient,
  recordBounce,
  sendTarget,
  type NotifyPayload,
  type SendTarget,
} from './queries.js';
import { effectiveSettings } from './service.js';
import { SITE_NAME } from './texts.js';
import { unsubscribeToken } from './unsubscribe-token.js';

const EMAIL = 'email';
const PUSH = 'push';
const PUSH_BODY_MAX = 200;

/** The queue's notification jobs: a stored 쪽지 fans out to the receiver's channels, then each channel sends. */
export function registerDelivery(ctx: AppContext) {
  ctx.jobs.handle(NOTIFY, (job) => fanOut(ctx, job));
  ctx.jobs.handle(EMAIL, (job) => sendEmail(ctx, job));
  ctx.jobs.handle(PUSH, (job) => sendPush(ctx, job));
}

type Payload = NotifyPayload & { subscriptionId?: number };
const payloadOf = (job: Job) => job.payload as unknown as Payload;

/**
 * One job per channel and device the receiver wants for this type, by the settings as they are now; written by the
 * statement that finishes this job, so a crash repeats all of it or none.
 */
async function fanOut(ctx: AppContext, job: Job): Promise<string | { finishedAs: string }> {
  const p = payloadOf(job);
  const r = job.userId === null ? undefined : await recipient(ctx.db, job.userId);
  if (!r || r.withdrawn) return 'withdrawn';
  const settings = effectiveSettings(r.overrides);
  const type = p.type as NotificationType;
  const now = ctx.clock.now();
  const jobs: NewJob[] = [];
  if (settings.email[type] && r.email && !r.bounced)
    jobs.push({ kind: EMAIL, key: `${EMAIL}:${p.messageId}`, userId: r.id, payload: { ...p }, runAt: now });
  if (settings.push[type])
    for (const id of r.subscriptionIds)
      jobs.push({
        kind: PUSH,
        key: `${PUSH}:${p.messageId}:${id}`,
        userId: r.id,
        payload: { ...p, subscriptionId: id },
        runAt: now,
      });
  if (jobs.length === 0) return 'no_channel';
  await finishJobAndQueue(ctx.db, job.id, jobs, now, 'fanned_out');
  return { finishedAs: 'fanned_out' };
}

/** The receiver, the device and the sender as they are now; a withdrawn receiver gets nothing. */
async function targetOf(ctx: AppContext, job: Job, p: Payload): Promise<SendTarget> {
  const target = job.userId === null ? undefined : await sendTarget(ctx.db, job.userId, p.subscriptionId ?? null, p.senderId);
  if (!target || target.withdrawn) throw dropJob('withdrawn');
  if (await announcesHidden(ctx, p, job.userId!)) throw dropJob('hidden');
  return target;
}

async function sendEmail(ctx: AppContext, job: Job): Promise<string> {
  const p = payloadOf(job);
  const type = p.type as NotificationType;
  const r = await targetOf(ctx, job, p);
  // switched off (or unsubscribed) since the 쪽지: nothing goes
  if (!r.email || !effectiveSettings(r.overrides).email[type]) throw dropJob('switched_off');
  if (r.bounced) throw dropJob('bounced');
  const unsubscribeUrl = `${ctx.config.publicUrl}/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, job.userId!, type)}`;
  const senderName = r.sender ? displayName(r.sender) : null;
  const mail = notificationMail(
    ctx.config.publicUrl,
    r.email,
    { type, content: p.content, link: p.link, senderName, key: job.key },
    unsubscribeUrl,
  );
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    if (err instanceof MailRefused) {
      await recordBounce(ctx.db, r.email, ctx.clock.now(), err.reason.slice(0, 300));
      throw dropJob('bounced');
    }
    throw retryLater((err as Error).message);
  }
  return 'sent';
}

async function sendPush(ctx: AppContext, job: Job): Promise<string> {
  const p = payloadOf(job);
  const type = p.type as NotificationType;
  const r = await targetOf(ctx, job, p);
  if (!effectiveSettings(r.overrides).push[type]) throw dropJob('switched_off');
  const sub = r.subscription;
  if (!sub) throw dropJob('unsubscribed');
  const sender = r.sender ? displayName(r.sender) : null;
  const title = type === 'MESSAGE' && sender ? `${sender}님의 쪽지` : `${SITE_NAME} · ${NOTIFICATION_LABELS[type].name}`;
  const body = [...p.content].length > PUSH_BODY_MAX ? `${[...p.content].slice(0, PUSH_BODY_MAX).join('')}…` : p.content;
  try {
    const answer = await sendWebPush(ctx.vapid, sub, { title, body, url: `${ctx.config.publicUrl}${p.link}` });
    if (answer === 'gone') {
      await deleteSubscriptionById(ctx.db, sub.id);
      return 'gone';
    }
  } catch (err) {
    if (err instanceof PushUnavailable) throw retryLater(err.message);
    throw err;
  }
  return 'sent';
}
