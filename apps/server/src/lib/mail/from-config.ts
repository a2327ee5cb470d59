import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import { FileMailer } from './file-mailer.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** SMTP through `SMTP_URL`, else the dev mailbox under `DATA_DIR/mailbox/` (with a start-up warning). */
export function mailerFromConfig(config: Config, log: FastifyBaseLogger, clock: Clock): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  const mailer = new FileMailer(config.dataDir, config.mailFrom, log, clock);
  log.warn(`SMTP_URL is not set: mail is not sent; each mail is written to ${mailer.dir} and its code is logged`);
  return mailer;
}
