import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

const REVEAL = "document.getElementById('root').style.visibility='visible';";
const THEME = '\n  window.__theme = "light";\n';
const INDEX = `<!doctype html><html><head>
<script>${THEME}</script>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
</head><body><div id="root" style="visibility:hidden"></div><script>${REVEAL}</script></body></html>`;
const APP_JS = `console.log(${JSON.stringify('앱'.repeat(400))});`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSources = (csp: string) =>
  (csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '').trim().split(/\s+/).slice(1);

/** A client dropped into WEB_DIST: an index.html with inline scripts and a hashed asset, precompressed. */
function makeWebDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  const asset = path.join(dir, 'assets', 'index-abc123.js');
  writeFileSync(asset, APP_JS);
  writeFileSync(`${asset}.br`, brotliCompressSync(APP_JS));
  writeFileSync(`${asset}.gz`, gzipSync(APP_JS));
  return dir;
}

describe('serving the web client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST: makeWebDist() } });
  });
  afterAll(() => t.close());

  it('allows exactly the sha256 of each inline script of index.html, never unsafe-inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/posts/1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    const sources = scriptSources(String(res.headers['content-security-policy']));
    expect(sources.sort()).toEqual(["'self'", sha256(THEME), sha256(REVEAL)].sort());
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it('sends hashed assets precompressed (brotli first, then gzip) with immutable caching', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 5);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-1.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('without a web client', () => {
  it('keeps script-src to self', async () => {
    const t = await createTestApp();
    const res = await t.get('/api/posts');
    expect(scriptSources(String(res.headers['content-security-policy']))).toEqual(["'self'"]);
    await t.close();
  });
});
