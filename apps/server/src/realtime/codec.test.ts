import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameError, FrameParser, unescapeHeader } from './codec.js';

const parse = (...chunks: Array<string | Buffer>) => {
  const parser = new FrameParser(64 * 1024);
  return chunks.flatMap((c) => parser.push(c));
};

const kindOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof FrameError ? err.kind : 'other';
  }
  return 'none';
};

describe('encodeFrame', () => {
  it('writes command, headers, a blank line, the body and NUL, with content-length in UTF-8 octets', () => {
    expect(encodeFrame('MESSAGE', { destination: '/topic/chat/1', 'message-id': 7 }, '안녕')).toBe(
      'MESSAGE\ndestination:/topic/chat/1\nmessage-id:7\ncontent-length:6\n\n안녕\0',
    );
    expect(encodeFrame('RECEIPT', { 'receipt-id': 'r1' })).toBe('RECEIPT\nreceipt-id:r1\n\n\0');
  });

  it('escapes backslash, CR, LF and colon in headers, except in CONNECTED', () => {
    expect(encodeFrame('ERROR', { message: 'a:b\\c\nd\re' })).toBe('ERROR\nmessage:a\\cb\\\\c\\nd\\re\ncontent-length:0\n\n\0');
    expect(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': '10000,10000', server: 'a:b' })).toBe(
      'CONNECTED\nversion:1.2\nheart-beat:10000,10000\nserver:a:b\n\n\0',
    );
  });

  it('round-trips through the parser', () => {
    const text = encodeFrame('SEND', { destination: '/app/x', odd: 'x:y\\z\n' }, '{"a":"\u0000 b"}');
    expect(parse(text)).toEqual([
      { command: 'SEND', headers: { destination: '/app/x', odd: 'x:y\\z\n', 'content-length': '11' }, body: '{"a":"\u0000 b"}' },
    ]);
  });
});

describe('FrameParser', () => {
  it('reads a frame without content-length up to the first NUL, and CRLF line ends', () => {
    expect(parse('SEND\r\ndestination:/app/chat.sendMessage\r\n\r\nhello\0')).toEqual([
      { command: 'SEND', headers: { destination: '/app/chat.sendMessage' }, body: 'hello' },
    ]);
  });

  it('reads exactly content-length octets, NULs included, and needs a NUL after them', () => {
    expect(parse('SEND\ncontent-length:3\n\na\0b\0')[0].body).toBe('a\0b');
    expect(kindOf(() => parse('SEND\ncontent-length:2\n\nabc\0'))).toBe('malformed');
    expect(kindOf(() => parse('SEND\ncontent-length:x\n\nabc\0'))).toBe('malformed');
  });

  it('counts content-length in octets of UTF-8', () => {
    expect(parse('SEND\ncontent-length:6\n\n한글\0')[0].body).toBe('한글');
  });

  it('unescapes headers, keeps the first of repeated headers, and leaves CONNECT headers raw', () => {
    const [frame] = parse('SUBSCRIBE\nid:a\\cb\\\\\\n\\r\nid:second\ndestination:/topic/chat/1\n\n\0');
    expect(frame.headers).toEqual({ id: 'a:b\\\n\r', destination: '/topic/chat/1' });
    expect(parse('CONNECT\nlogin:a\\cb\n\n\0')[0].headers.login).toBe('a\\cb');
  });

  it('refuses an unknown escape, a header without a colon and a lower-case command', () => {
    expect(kindOf(() => parse('SEND\nx:\\t\n\n\0'))).toBe('malformed');
    expect(kindOf(() => parse('SEND\nnocolon\n\n\0'))).toBe('malformed');
    expect(kindOf(() => parse('send\n\n\0'))).toBe('malformed');
    expect(kindOf(() => unescapeHeader('trailing\\'))).toBe('malformed');
  });

  it('skips heart-beat EOLs between frames and frames in one chunk', () => {
    const frames = parse('\n\r\n\nSEND\n\na\0\n\nSEND\n\nb\0\r\n');
    expect(frames.map((f) => f.body)).toEqual(['a', 'b']);
    expect(parse('\n', '\r\n')).toEqual([]);
  });

  it('joins a frame split across chunks, also inside a multi-byte character', () => {
    const bytes = Buffer.from('SEND\ncontent-length:6\n\n한글\0');
    expect(parse(bytes.subarray(0, 3), bytes.subarray(3, 25), bytes.subarray(25))[0].body).toBe('한글');
  });

  it('refuses a frame over the limit, by content-length or by buffered size', () => {
    const parser = () => new FrameParser(100);
    expect(kindOf(() => parser().push('SEND\ncontent-length:200\n\n'))).toBe('too_large');
    expect(kindOf(() => parser().push('SEND\n\n' + 'x'.repeat(200)))).toBe('too_large');
    expect(kindOf(() => parser().push('SEND\n\n' + 'x'.repeat(90) + '\0'))).toBe('none');
  });
});
