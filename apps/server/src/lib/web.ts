import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { NotFound } from './errors.js';

/** Serves the built SPA; every unknown GET that wants HTML gets index.html (history fallback). */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: 0,
      // the web build writes .br and .gz beside each asset (apps/web/vite.config.ts)
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url;
    const wantsPage = req.method === 'GET' && !url.startsWith('/api') && !url.startsWith('/ws') && !url.startsWith('/assets/');
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw new NotFound();
  });
}
