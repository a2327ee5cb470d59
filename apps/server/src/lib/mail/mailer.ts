import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import { FileMailer } from './file-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** A plain-text UTF-8 mail (contract 6.5); the sender is the mailer's `MAIL_FROM`. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** the verification code it carries; only the dev mailbox logs it (never with SMTP, 8.27) */
  code?: string;
}

/** The mail port: SMTP when configured, the dev mailbox by default, memory in tests. */
export interface Mailer {
  readonly kind: 'smtp' | 'file' | 'memory';
  /** Resolves once the mail has been handed over; rejects when it could not be. */
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}

/** SMTP through `SMTP_URL`, else the dev mailbox under `DATA_DIR/mailbox/` (with a start-up warning). */
export function mailerFromConfig(config: Config, log: FastifyBaseLogger, clock: Clock): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  const mailer = new FileMailer(config.dataDir, config.mailFrom, log, clock);
  log.warn(`SMTP_URL is not set: mail is not sent; each mail is written to ${mailer.dir} and its code is logged`);
  return mailer;
}
