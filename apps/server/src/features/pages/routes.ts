import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFound } from '../../lib/errors.js';
import { SITEMAP_TAGS } from './page-tags.js';
import { SITEMAP_MAX_URLS, sitemapFile, sitemapFiles, sitemapIndex } from './sitemap.js';

const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * robots.txt (the API and every client route that is not a public page disallowed, the sitemap named) and the
 * sitemap, cached like the public reads (until the next write). `memberPaths` come from the web app's routes
 * (its server bundle).
 */
export function registerSeoRoutes(app: FastifyInstance, ctx: AppContext, memberPaths: Promise<string[]>, max = SITEMAP_MAX_URLS) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/robots.txt', { schema: { hide: true, response: { 200: z.string() } } }, async (req, reply) => {
    const disallowed = [...new Set(['/api/', ...(await memberPaths)])];
    const lines = ['User-agent: *', ...disallowed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin(req)}/sitemap.xml`];
    return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  });

  const xml = (key: string, build: () => Promise<string>) => ctx.readCache.get(`sitemap:${key}`, SITEMAP_TAGS, build);

  r.get('/sitemap.xml', { schema: { hide: true, response: { 200: z.string() } } }, async (req, reply) => {
    const o = origin(req);
    const body = await xml(`${o}:index`, async () => {
      const { files } = await sitemapFiles(ctx, max);
      return files > 1 ? sitemapIndex(o, files) : sitemapFile(ctx, o, 0, max);
    });
    return reply.type('application/xml; charset=utf-8').send(body);
  });

  r.get(
    '/sitemap-:n.xml',
    { schema: { hide: true, params: z.object({ n: z.coerce.number().int().min(1) }), response: { 200: z.string() } } },
    async (req, reply) => {
      const o = origin(req);
      const n = req.params.n;
      const body = await xml(`${o}:${n}`, async () => {
        const { files } = await sitemapFiles(ctx, max);
        if (files < 2 || n > files) throw new NotFound();
        return sitemapFile(ctx, o, n - 1, max);
      });
      return reply.type('application/xml; charset=utf-8').send(body);
    },
  );
}
