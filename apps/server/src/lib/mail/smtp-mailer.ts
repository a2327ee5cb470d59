import nodemailer, { type Transporter, type TransportOptions } from 'nodemailer';
import { MailRefused, type Mail, type Mailer } from './mailer.js';

/** Sends through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com). Codes are never logged. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // bounded waits: a code request must answer (503 mail_failed) rather than hang on a dead server
    // pooled: notification mails come in bursts, and a connection per mail caps them at ~60/s (bench/README.md)
    this.transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 4,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      logger: false,
    } as TransportOptions);
  }

  async send(mail: Mail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500 && code < 600) throw new MailRefused(`${code} ${(err as Error).message}`);
      throw err;
    }
  }

  async close() {
    this.transport.close();
  }
}
