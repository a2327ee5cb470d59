/** A plain-text UTF-8 mail (docs/api.md §6.5); the sender is the mailer's `MAIL_FROM`. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** the verification code it carries; only the dev mailbox logs it (never with SMTP, 8.27) */
  code?: string;
}

/** The mail port: SMTP when configured, else the dev mailbox (tests pass one of their own). */
export interface Mailer {
  /** the transport: 'smtp', 'file', or a test's own */
  readonly kind: string;
  /** Resolves once the mail has been handed over; rejects when it could not be. */
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}
