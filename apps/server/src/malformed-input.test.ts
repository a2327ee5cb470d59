import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, nextIp, useTestApp } from '../test/helpers.js';

/** docs/api.md §1.3/8.25 over every route: malformed input is a clear 4xx with a Korean body, never a 500. */
const t = useTestApp();
const user = t.suiteUser();

const BAD_BODIES: Array<[string, unknown]> = [
  ['invalid JSON', '{"a": '],
  ['an array', [1, 2, 3]],
  ['a string', '"hello"'],
  ['null', 'null'],
  ['wrong types', { id: {}, page: [], title: 5, content: false, nickname: [], loginId: 1, date: 3, tags: 'x', chatRoomId: {} }],
  ['huge strings', { title: '가'.repeat(200_000), content: 'x'.repeat(200_000), nickname: 'n'.repeat(100_000) }],
  [
    'NUL characters',
    { title: 'a\u0000b', content: 'a\u0000b', description: 'a\u0000b', nickname: 'a\u0000b', receiverName: 'a\u0000b' },
  ],
  [
    'ids past the integer range',
    {
      boardId: 3_000_000_000,
      recruitmentId: '3000000000',
      applicationId: 3e9,
      basePostId: 3e9,
      categoryId: 3e9,
      parentReplyId: 3e9,
      groupId: 3e9,
      chatRoomId: 3e9,
    },
  ],
];

const concrete = (url: string, id: string) => url.replace(/:[A-Za-z]+/g, id);

describe('ids and characters the database cannot hold', () => {
  it('answers an id past the integer range as not found', async () => {
    const res = await t.get('/api/users/me', { token: user.token });
    expect(res.statusCode).toBe(200);
    for (const url of ['/api/boards/3000000000', '/api/recruitments/3000000000', '/api/study-groups/3000000000']) {
      const r = await t.get(url);
      expect(r.statusCode, url).toBe(404);
    }
  });

  it('reads a body as JSON whatever its Content-Type (fetch with a string body sends text/plain)', async () => {
    const other = await t.user();
    const body = JSON.stringify({ receiverName: other.nickname, content: 'text/plain 쪽지' });
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
      const sent = await t.post('/api/messages', { token: user.token, body, headers: { 'content-type': type } });
      expect(sent.statusCode, type).toBe(201);
    }
    const bad = await t.post('/api/messages', {
      token: user.token,
      body: 'receiverName=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(bad, 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    const unparsable = await t.post('/api/messages', { token: user.token, body: '{}', headers: { 'content-type': '/;;' } });
    expectError(unparsable, 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    const empty = await t.request('PATCH', '/api/recruitments/3000000000/close', {
      token: user.token,
      body: '',
      headers: { 'content-type': 'text/plain' },
    });
    expect(empty.statusCode).toBe(404);
  });

  it('keeps the usual rules around NUL: page falls back to 0, login comes first, unknown fields are ignored', async () => {
    expect((await t.get('/api/messages?page=%00', { token: user.token })).json().number).toBe(0);
    expect((await t.get('/api/messages?page=%00')).statusCode).toBe(401);
    const other = await t.user();
    const sent = await t.post('/api/messages', {
      token: user.token,
      body: { receiverName: other.nickname, content: 'ok', extra: 'a\u0000b' },
    });
    expect(sent.statusCode).toBe(201);
    const nulName = await t.post('/api/messages', { token: user.token, body: { receiverName: 'a\u0000b', content: 'ok' } });
    expect(nulName.headers['x-error-code']).toBe('user_not_found');
    const login = await t.post('/api/auth/login', { ip: nextIp(), body: { loginId: 'ab\u0000cd', password: 'whatever1' } });
    expect(login.headers['x-error-code']).toBe('invalid_credentials');
  });

  it('treats another scheme on the same host as another origin', async () => {
    const res = await t.request('OPTIONS', '/api/users/me', {
      headers: { host: 'app.example:8080', origin: 'https://app.example:8080', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const same = await t.request('OPTIONS', '/api/users/me', {
      headers: { host: 'app.example:8080', origin: 'http://app.example:8080', 'access-control-request-method': 'GET' },
    });
    expect(same.headers['access-control-allow-origin']).toBe('http://app.example:8080');
  });

  it('answers a malformed URL with the plain-text 400', async () => {
    const r = await t.get('/api/boards/%ff');
    expect(r.statusCode).toBe(400);
    expect(r.headers['x-error-code']).toBe('bad_request');
    expect(r.body).toBe('요청 형식이 올바르지 않습니다.');
  });
});

/** Sends raw bytes to a listening app and reads the whole answer. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('requests the HTTP parser refuses', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it.each([
    ['headers over the size limit', `GET /api/boards HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a URL over the size limit', `GET /api/boards/search?keyword=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['a broken request line', 'GARBAGE\r\n\r\n', 400],
    [
      'both Content-Length and chunked',
      'POST /api/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
  ])('answers %s with the plain-text Korean error and X-Error-Code, not JSON', async (_name, bytes, status) => {
    const answer = await rawRequest(port, bytes);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`,
    );
    expect(head).toMatch(/^content-type: text\/plain; charset=utf-8$/im);
    expect(head).toMatch(/^x-error-code: bad_request$/im);
    expect(head).toMatch(new RegExp(`^content-length: ${Buffer.byteLength(body)}$`, 'im'));
    expect(body).toBe('요청 형식이 올바르지 않습니다.');
  });

  it('answers a path that climbs out of the API docs files with the Korean 404, not a 500', async () => {
    for (const url of ['/docs/static/../../package.json', '/docs/static/../../../../etc/passwd']) {
      const [head, body] = (await rawRequest(port, `GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).split(
        '\r\n\r\n',
      );
      expect(head.split('\r\n')[0], url).toBe('HTTP/1.1 404 Not Found');
      expect(head).toMatch(/^x-error-code: not_found$/im);
      expect(head).toMatch(/^content-type: text\/plain; charset=utf-8$/im);
      expect(body).toBe('요청한 리소스를 찾을 수 없습니다.');
    }
  });
});

describe('every API route', () => {
  it('answers malformed bodies and bad ids without a 500, always with a Korean text and an error code', async () => {
    const failures: string[] = [];
    const routes = t.built.apiRoutes.filter((r) => r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const cases: Array<[string, string, unknown]> = [
        ['bad id', concrete(route.url, 'abc'), undefined],
        ['huge id', concrete(route.url, '99999999999999999999'), undefined],
        ['id past the integer range', concrete(route.url, '3000000000'), undefined],
        ['malformed escape', concrete(route.url, '%ff'), undefined],
        ['over-long id', concrete(route.url, '1'.repeat(300)), undefined],
        ['NUL in the query', `${concrete(route.url, '1')}?keyword=a%00b&category=a%00b&page=1`, undefined],
      ];
      if (route.method !== 'GET') for (const [name, body] of BAD_BODIES) cases.push([name, concrete(route.url, '1'), body]);
      for (const [name, url, body] of cases) {
        const res = await t.request(route.method as 'POST', url, {
          token: user.token,
          ip: nextIp(),
          body,
          headers: typeof body === 'string' ? { 'content-type': 'application/json' } : {},
        });
        const wellFormed =
          res.statusCode < 500 &&
          (res.statusCode < 400 ||
            (res.body.length > 0 && typeof res.headers['x-error-code'] === 'string' && !/at .*\.ts/.test(res.body)));
        if (!wellFormed) failures.push(`${route.method} ${url} (${name}) -> ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
