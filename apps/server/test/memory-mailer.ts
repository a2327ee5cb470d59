import { MailRefused, type Mail, type Mailer } from '../src/lib/mail/mailer.js';

/** Keeps mails in memory for tests; `failing` makes every send reject, as a dead SMTP server would. */
export class MemoryMailer implements Mailer {
  readonly kind = 'memory';
  readonly sent: Mail[] = [];
  failing = false;
  /** the receiving server refuses every mail for good (5xx) */
  refusing = false;

  async send(mail: Mail): Promise<void> {
    if (this.failing) throw new Error('mail transport unavailable');
    if (this.refusing) throw new MailRefused('550 no such mailbox');
    this.sent.push(mail);
  }

  /** The last mail sent to `to` (compared case-insensitively). */
  lastTo(to: string): Mail | undefined {
    return this.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
  }
}
