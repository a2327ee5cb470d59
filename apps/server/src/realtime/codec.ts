/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html#Augmented_BNF), pure and small:
 *
 *   frame = command EOL *( header EOL ) EOL *OCTET NULL *( EOL )
 *
 * Header names and values are escaped (\\ \n \r \c) in every frame except CONNECT and CONNECTED; an unknown
 * escape is a malformed frame. The first of repeated headers wins. With `content-length` the body is exactly
 * that many octets (NULs included) and a NUL must follow; without it the body runs to the first NUL.
 * EOLs between frames are heart-beats.
 */

export interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

export class FrameError extends Error {
  constructor(readonly kind: 'too_large' | 'malformed') {
    super(kind);
  }
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'CONNECTED']);

export const escapeHeader = (s: string) =>
  s.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));

export function unescapeHeader(s: string): string {
  return s.replace(/\\(.?)/gs, (_, c: string) => {
    switch (c) {
      case '\\':
        return '\\';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 'c':
        return ':';
      default:
        throw new FrameError('malformed');
    }
  });
}

/** One frame as text, with `content-length` in UTF-8 octets and the closing NUL. */
export function encodeFrame(command: string, headers: Record<string, string | number>, body = ''): string {
  const escape = UNESCAPED_COMMANDS.has(command) ? (s: string) => s : escapeHeader;
  let out = command + '\n';
  for (const [name, value] of Object.entries(headers)) out += `${escape(name)}:${escape(String(value))}\n`;
  if (body.length > 0 || command === 'MESSAGE' || command === 'ERROR') out += `content-length:${Buffer.byteLength(body)}\n`;
  return out + '\n' + body + '\0';
}

/** Reads frames from a stream of chunks; a frame may span chunks and a chunk may hold several frames. */
export class FrameParser {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes = 64 * 1024) {}

  /** The complete frames so far. Throws FrameError on a malformed or oversized frame (the stream is then unusable). */
  push(chunk: string | Buffer): Frame[] {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    const frames: Frame[] = [];
    for (;;) {
      this.skipHeartBeats();
      if (this.buffer.length === 0) break;
      const parsed = parseOne(this.buffer, this.maxFrameBytes);
      if (!parsed) {
        if (this.buffer.length > this.maxFrameBytes) throw new FrameError('too_large');
        break;
      }
      if (parsed.length > this.maxFrameBytes) throw new FrameError('too_large');
      frames.push(parsed.frame);
      this.buffer = this.buffer.subarray(parsed.length);
    }
    return frames;
  }

  private skipHeartBeats() {
    let i = 0;
    while (i < this.buffer.length) {
      if (this.buffer[i] === LF) i++;
      else if (this.buffer[i] === CR && this.buffer[i + 1] === LF) i += 2;
      else break;
    }
    if (i > 0) this.buffer = this.buffer.subarray(i);
  }
}

/** A line without its EOL, and where the next line starts; null while the line is incomplete. */
function readLine(buf: Buffer, start: number): { line: string; next: number } | null {
  const lf = buf.indexOf(LF, start);
  if (lf < 0) return null;
  const end = lf > start && buf[lf - 1] === CR ? lf - 1 : lf;
  return { line: buf.toString('utf8', start, end), next: lf + 1 };
}

function parseOne(buf: Buffer, maxFrameBytes: number): { frame: Frame; length: number } | null {
  const commandLine = readLine(buf, 0);
  if (!commandLine) return null;
  const command = commandLine.line;
  if (!/^[A-Z]+$/.test(command)) throw new FrameError('malformed');
  const decode = UNESCAPED_COMMANDS.has(command) ? (s: string) => s : unescapeHeader;

  const headers: Record<string, string> = {};
  let pos = commandLine.next;
  for (;;) {
    const header = readLine(buf, pos);
    if (!header) return null;
    pos = header.next;
    if (header.line === '') break;
    const colon = header.line.indexOf(':');
    if (colon <= 0) throw new FrameError('malformed');
    const name = decode(header.line.slice(0, colon));
    if (!(name in headers)) headers[name] = decode(header.line.slice(colon + 1));
  }

  const declared = headers['content-length'];
  if (declared !== undefined) {
    if (!/^\d{1,9}$/.test(declared)) throw new FrameError('malformed');
    const length = Number(declared);
    if (pos + length > maxFrameBytes) throw new FrameError('too_large');
    if (buf.length < pos + length + 1) return null;
    if (buf[pos + length] !== NUL) throw new FrameError('malformed');
    return { frame: { command, headers, body: buf.toString('utf8', pos, pos + length) }, length: pos + length + 1 };
  }
  const nul = buf.indexOf(NUL, pos);
  if (nul < 0) return null;
  return { frame: { command, headers, body: buf.toString('utf8', pos, nul) }, length: nul + 1 };
}
