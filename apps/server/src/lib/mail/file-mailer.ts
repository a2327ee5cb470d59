import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { seoulDateTime, type Clock } from '../clock.js';
import type { Mail, Mailer } from './mailer.js';

/** The dev mailbox (no SMTP_URL): each mail becomes a readable `.eml` file, 8-bit UTF-8 body, and its code is logged. */
export class FileMailer implements Mailer {
  readonly kind = 'file';
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {
    this.dir = path.join(dataDir, 'mailbox');
  }

  async send(mail: Mail): Promise<void> {
    const now = this.clock.now();
    // {yyyyMMdd-HHmmss} in Seoul time, then a random part so mails of the same second never collide
    const stamp = seoulDateTime(now).slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const file = path.join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    const boundary = `=_${randomBytes(8).toString('hex')}`;
    const part = (type: string, body: string) => [
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
    ];
    const body = mail.html
      ? [
          `Content-Type: multipart/alternative; boundary="${boundary}"`,
          '',
          `--${boundary}`,
          ...part('text/plain', mail.text),
          `--${boundary}`,
          ...part('text/html', mail.html),
          `--${boundary}--`,
        ]
      : part('text/plain', mail.text);
    const message = [
      `From: ${this.from}`,
      `To: ${mail.to}`,
      // UTF-8 header as RFC 6532 allows, so the file reads as it is in any editor
      `Subject: ${mail.subject}`,
      `Date: ${now.toUTCString()}`,
      ...(mail.messageId ? [`Message-ID: ${mail.messageId}`] : []),
      ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      'MIME-Version: 1.0',
      ...body,
      '',
    ].join('\r\n');
    await mkdir(this.dir, { recursive: true });
    await writeFile(file, message, 'utf8');
    // the first line of a code mail is its code line (인증 코드 : 1234): a local user can finish from the log too
    this.log.info(
      { to: mail.to, subject: mail.subject, file, ...(mail.code ? { code: mail.code } : {}) },
      `dev mailbox (not sent): ${mail.subject} to ${mail.to}: ${mail.text.split('\n')[0]}`,
    );
  }
}
