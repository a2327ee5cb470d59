import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerCors } from './cors.js';

const app = Fastify();
registerCors(app, ['https://front.example']);
app.get('/api/x', async () => ({ ok: true }));
app.put('/api/x', async () => ({ ok: true }));
afterAll(() => app.close());

const preflight = (origin: string, method?: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/x',
    headers: { origin, host: 'app.example', ...(method ? { 'access-control-request-method': method } : {}) },
  });

describe('CORS', () => {
  it('varies by Origin and adds nothing else without one', async () => {
    const res = await app.inject({ url: '/api/x' });
    expect(res.headers.vary).toBe('Origin');
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it("answers a listed origin and the server's own with credentials and the readable headers", async () => {
    for (const origin of ['https://front.example', 'http://app.example']) {
      const res = await app.inject({ url: '/api/x', headers: { origin, host: 'app.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers['access-control-expose-headers']).toBe('X-Error-Code, Retry-After, Location');
    }
  });

  it("answers an allowed preflight at once with 204 and no body, refuses one without a method, and an other origin's is not found", async () => {
    const ok = await preflight('https://front.example', 'PUT');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['content-length']).toBe('0');
    expect(ok.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(ok.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Cache-Control');
    expect((await preflight('https://front.example')).statusCode).toBe(400);
    const other = await preflight('https://evil.example', 'PUT');
    expect(other.statusCode).toBe(404);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const get = await app.inject({ url: '/api/x', headers: { origin: 'https://evil.example', host: 'app.example' } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
