import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

const OPTIONS = {
  hsts: false,
  contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null } },
};

describe('security headers', () => {
  it("sends on every answer exactly what helmet's middleware sets, found or not", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/x', async () => ({ ok: true }));
    const expected = new Map<string, string>();
    helmet(OPTIONS)(
      {} as never,
      { setHeader: (name: string, value: string) => expected.set(name.toLowerCase(), value), removeHeader: () => {} } as never,
      () => {},
    );
    expect(expected.get('content-security-policy')).toContain("img-src 'self' data:");
    for (const url of ['/x', '/missing']) {
      const res = await app.inject({ url });
      for (const [name, value] of expected) expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    await app.close();
  });
});
