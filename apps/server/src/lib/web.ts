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

/** The built index.html ('' when there is no web build). */
export function indexHtml(webDist: string): string {
  const file = path.join(webDist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** A page's answer: its bytes (null: index.html as built), status and content encoding. */
export interface Page {
  status: number;
  body: string | Buffer | null;
  encoding: 'br' | 'gzip' | null;
}
export type PageSource = (req: FastifyRequest) => Promise<Page>;

/**
 * Serves the built SPA; every unknown GET that wants HTML gets its page from `pageFor` (features/pages: a
 * server-rendered public page, or index.html with head tags), or index.html as built (history fallback).
 */
export async function registerWeb(app: FastifyInstance, webDist: string, pageFor?: PageSource) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
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
      const page = pageFor ? await pageFor(req) : null;
      if (!page?.body) return reply.sendFile('index.html');
      // the page differs by Accept-Encoding only; a shared cache must keep the encodings apart
      reply.header('vary', 'accept-encoding');
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.status(page.status).send(page.body);
    }
    throw new NotFound();
  });
}
