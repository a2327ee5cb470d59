import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFound } from './errors.js';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * CSP source expressions ('sha256-…') for the inline scripts of the served index.html, so any client dropped
 * into WEB_DIST runs under `script-src 'self'` plus exactly its own inline scripts (never 'unsafe-inline').
 */
export function inlineScriptHashes(webDist: string): string[] {
  const indexPath = path.join(webDist, 'index.html');
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** Tags for a page's <head> (link previews), or null to serve index.html as it is. */
export type PageHead = (req: FastifyRequest) => Promise<string | null>;

/**
 * Serves the built SPA; every unknown GET that wants HTML gets index.html (history fallback), with the tags of
 * `pageHead` (never scripts, so the CSP hashes hold) when it has any for the page.
 */
export async function registerWeb(app: FastifyInstance, webDist: string, pageHead?: PageHead) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const indexHtml = hasWeb ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // the web build writes .br and .gz beside each text asset (apps/web/vite.config.ts); the best one the
      // client accepts is sent
      preCompressed: true,
      maxAge: 0,
      setHeaders(reply, filePath) {
        // hashed file names never change content: cache for a year; everything else is revalidated
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url;
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !url.startsWith('/api') &&
      !url.startsWith('/ws') &&
      !url.startsWith('/assets/');
    if (hasWeb && wantsPage) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // a preview that cannot be read (database away) never keeps the page from loading
      const head = await pageHead?.(req).catch((err: unknown) => (req.log.warn({ err }, 'page head failed'), null));
      return head ? reply.send(indexHtml.replace('</head>', () => `${head}\n</head>`)) : reply.sendFile('index.html');
    }
    throw new NotFound();
  });
}
