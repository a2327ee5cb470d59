import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { loadGroupAccess } from '../../lib/access.js';
import { authorize } from '../../lib/authorize.js';
import { requireUser } from '../../lib/request-auth.js';
import { parseBody, validBody } from '../../lib/validation.js';
import { isClaimedWriter } from './policy.js';
import { createEntry, dayEntries, deleteEntry, monthTotals, updateEntry } from './service.js';
import { SCHEDULE_TEXTS } from './texts.js';

const groupParams = z.object({ groupId: pathId });
// `date` is checked after membership (contract 3.7), so the declared query accepts anything.
const detailQuery = z.object({ date: z.unknown().optional() });

export default function scheduleRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['schedules'];

  /** Login, then the group exists, then the caller is a member: before any field is read (contract 3.7). */
  const member = async (req: FastifyRequest, groupId: number) => {
    const user = requireUser(req);
    await loadGroupAccess(ctx.db, groupId, user.id, SCHEDULE_TEXTS.groupNotFound);
    return user;
  };
  /** The body's group, then membership; then whether a given writerId names the caller. */
  const writer = async (req: FastifyRequest, checkWriter: boolean) => {
    const { groupId, writerId } = parseBody(scheduleGroupBody, req.body);
    const user = await member(req, groupId);
    if (checkWriter) authorize(isClaimedWriter(user, writerId), SCHEDULE_TEXTS.notWriter);
    return { user, groupId };
  };

  app.get(
    '/api/schedules/total/:groupId',
    {
      schema: {
        tags,
        params: groupParams,
        response: { 200: z.array(scheduleTotal) },
      },
    },
    async (req) => {
      await member(req, req.params.groupId);
      return monthTotals(ctx, req.params.groupId);
    },
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
      await member(req, req.params.groupId);
      return dayEntries(ctx, req.params.groupId, parseBody(scheduleDateField, req.query.date));
    },
  );

  const write = { schema: { tags, body: scheduleBody, response: { 200: z.number() } }, attachValidation: true };
  app.post('/api/schedules', write, async (req) => {
    const { user, groupId } = await writer(req, false);
    return createEntry(ctx, user, groupId, validBody(req));
  });

  app.put(
    '/api/schedules',
    { ...write, schema: { tags, body: scheduleBody, response: { 200: noContent } } },
    async (req, reply) => {
      const { user, groupId } = await writer(req, true);
      await updateEntry(ctx, user, groupId, validBody(req));
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/schedules',
    { schema: { tags, body: scheduleDeleteBody, response: { 200: noContent } }, attachValidation: true },
    async (req, reply) => {
      const { user, groupId } = await writer(req, true);
      await deleteEntry(ctx, user, groupId, validBody(req).date);
      return reply.status(200).send();
    },
  );
}
