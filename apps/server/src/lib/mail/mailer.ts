/** A UTF-8 mail (docs/api.md §6.5, §10.1): plain text, with an HTML alternative if given; the sender is `MAIL_FROM`. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** extra headers (List-Unsubscribe and List-Unsubscribe-Post for notifications) */
  headers?: Record<string, string>;
  /** a stable Message-ID (`<id@host>`): a resend after a crash is the same message to the receiving servers */
  messageId?: string;
  /** the verification code it carries; only the dev mailbox logs it (never with SMTP, 8.27) */
  code?: string;
}

/** The mail port: SMTP when configured, else the dev mailbox (tests pass one of their own). */
export interface Mailer {
  /** the transport: 'smtp', 'file', or a test's own */
  readonly kind: string;
  /**
   * Resolves once the mail has been handed over; rejects when it could not be (a {@link MailRefused} when the
   * receiving side refused it for good).
   */
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}

/** The server refused the mail for good (an SMTP 5xx answer): trying again would not help. */
export class MailRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
