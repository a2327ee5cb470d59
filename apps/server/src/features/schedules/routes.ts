import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  noContent,
  pathId,
  scheduleDateField,
  scheduleDetail,
  scheduleBody,
  scheduleDeleteBody,
  scheduleGroupBody,
  scheduleTotal,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../request-auth.js';
import { parseBody, validBody } from '../../lib/validation.js';
import { presentDetail, presentTotal } from './presenter.js';
import { createEntry, dayEntries, deleteEntry, monthTotals, updateEntry } from './service.js';

const groupParams = z.object({ groupId: pathId });
// `date` is checked after membership (docs/api.md §3.7), so the declared query accepts anything.
const detailQuery = z.object({ date: z.unknown().optional() });

export default function scheduleRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['schedules'];

  /** The entry's group and claimed writer, read before its other fields. */
  const ref = (body: unknown) => parseBody(scheduleGroupBody, body);

  app.get(
    '/api/schedules/total/:groupId',
    {
      schema: {
        tags,
        params: groupParams,
        response: { 200: z.array(scheduleTotal) },
      },
    },
    async (req) => (await monthTotals(ctx, requireUser(req), req.params.groupId)).map(presentTotal),
  );

  app.get(
    '/api/schedules/detail/:groupId',
    {
      schema: {
        tags,
        params: groupParams,
        querystring: detailQuery,
        response: { 200: z.array(scheduleDetail) },
      },
    },
    async (req) => {
      const date = () => parseBody(scheduleDateField, req.query.date);
      return (await dayEntries(ctx, requireUser(req), req.params.groupId, date)).map(presentDetail);
    },
  );

  const write = { schema: { tags, body: scheduleBody, response: { 200: z.number() } }, attachValidation: true };
  app.post('/api/schedules', write, async (req) => {
    const entry = ref(req.body);
    return createEntry(ctx, requireUser(req), entry, () => validBody(req));
  });

  app.put(
    '/api/schedules',
    { ...write, schema: { tags, body: scheduleBody, response: { 200: noContent } } },
    async (req, reply) => {
      const entry = ref(req.body);
      await updateEntry(ctx, requireUser(req), entry, () => validBody(req));
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/schedules',
    { schema: { tags, body: scheduleDeleteBody, response: { 200: noContent } }, attachValidation: true },
    async (req, reply) => {
      const entry = ref(req.body);
      await deleteEntry(ctx, requireUser(req), entry, () => validBody(req));
      return reply.status(200).send();
    },
  );
}
