import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, nextIp, type TestApp } from '../../../test/helpers.js';
import { person, verifyFindId } from '../../../test/fixtures/recovery.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Collects log lines (the app logs at trace level in these tests). */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Just enough MIME to read what nodemailer sends: one text part, encoded words in the subject. */
function parseMail(raw: string) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const bodyRaw = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const words = (v: string) =>
    v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(bodyRaw.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(bodyRaw)
        : bodyRaw;
  return {
    from: header('From'),
    subject: words(header('Subject')),
    contentType: header('Content-Type'),
    lines: body.split(/\r?\n/).filter(Boolean),
  };
}

describe('SMTP (SMTP_URL set)', () => {
  const received: Received[] = [];
  const logs = logSink();
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('latin1'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'teammate@example.org', LOG_LEVEL: 'trace' },
      logStream: logs.stream,
      configuredMailer: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('the code leaves by SMTP with the sender, subject and body of 6.5, and never reaches the log', async () => {
    expect(t.ctx.mailer.kind).toBe('smtp');
    const p = await person(t);
    const res = await t.post('/api/find/send-code', { ip: nextIp(), body: { email: p.email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe('teammate@example.org');
    expect(mail.to).toEqual([p.email]);
    const parsed = parseMail(mail.raw);
    expect(parsed.from).toContain('teammate@example.org');
    expect(parsed.subject).toBe('아이디 찾기 인증 코드');
    expect(parsed.contentType).toMatch(/text\/plain; charset=utf-8/i);
    const code = /^인증 코드 : (\d{4})$/.exec(parsed.lines[0])?.[1];
    expect(code).toBeDefined();
    expect(parsed.lines).toEqual([
      `인증 코드 : ${code}`,
      '인증 코드는 3분 동안 유효합니다.',
      '본인이 요청하지 않았다면 이 메일을 무시해주세요.',
    ]);
    expect((await verifyFindId(t, p.email, code)).statusCode).toBe(200);

    const pw = await t.post('/api/find-password/send-code', { ip: nextIp(), body: { loginId: p.loginId, email: p.email } });
    expect(pw.statusCode).toBe(429); // the same e-mail within 60 s
    const q = await person(t);
    expect(
      (await t.post('/api/find-password/send-code', { ip: nextIp(), body: { loginId: q.loginId, email: q.email } })).statusCode,
    ).toBe(200);
    const second = parseMail(received[1].raw);
    expect(second.subject).toBe('비밀번호 찾기 인증 코드');
    const pwCode = /^인증 코드: (\d{4})$/.exec(second.lines[0])![1];

    const all = logs.lines.join('');
    expect(all).toContain('/api/find/send-code');
    expect(all).not.toMatch(new RegExp(`\\b${code}\\b`));
    expect(all).not.toMatch(new RegExp(`\\b${pwCode}\\b`));
    expect(all).not.toContain('mail is not sent');
  });
});

describe('SMTP server that does not answer', () => {
  it('answers 503 mail_failed', async () => {
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.server.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, configuredMailer: true });
    try {
      const p = await person(t);
      expectError(
        await t.post('/api/find/send-code', { ip: nextIp(), body: { email: p.email } }),
        503,
        'mail_failed',
        '인증 코드 전송에 실패했습니다. 잠시 후 다시 시도해주세요.',
      );
    } finally {
      await t.close();
    }
  });
});

describe('dev mailbox (no SMTP_URL)', () => {
  it('warns at start-up, writes a readable .eml under DATA_DIR/mailbox/ and logs the code at INFO', async () => {
    const logs = logSink();
    const t = await createTestApp({
      now: '2025-06-01T03:04:05Z',
      env: { LOG_LEVEL: 'info' },
      logStream: logs.stream,
      configuredMailer: true,
    });
    try {
      expect(t.ctx.mailer.kind).toBe('file');
      expect(logs.lines.join('')).toMatch(/"level":40.*SMTP_URL is not set: mail is not sent/);
      const p = await person(t);
      expect((await t.post('/api/find/send-code', { ip: nextIp(), body: { email: p.email } })).statusCode).toBe(200);
      const dir = path.join(t.ctx.config.dataDir, 'mailbox');
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^20250601-120405-[0-9a-f]+\.eml$/);
      const text = readFileSync(path.join(dir, files[0]), 'utf8');
      const code = /인증 코드 : (\d{4})/.exec(text)![1];
      expect(text).toContain(`To: ${p.email}`);
      expect(text).toContain('Content-Type: text/plain; charset=utf-8');
      expect(text).toContain('Subject: 아이디 찾기 인증 코드\r\n');
      const logged = logs.lines.find((l) => l.includes('dev mailbox'))!;
      expect(logged).toMatch(/"level":30/);
      expect(logged).toContain(`"code":"${code}"`);
      expect(logged).toContain(`인증 코드 : ${code}`);
      expect((await verifyFindId(t, p.email, code)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
