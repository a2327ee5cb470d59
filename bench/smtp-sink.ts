import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

/**
 * An SMTP server on a free local port that takes every mail and hands its head (the first `headBytes`, as latin1)
 * and its arrival time to `onMail`: the benches and the drill count mails by their Message-ID with it.
 */
export async function startSmtpSink(onMail: (head: string, at: number) => void, headBytes = 8192): Promise<SmtpSink> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        onMail(Buffer.concat(chunks).toString('latin1', 0, headBytes), performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
