import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGroupBody,
  group,
  groupMember,
  inviteBody,
  myGroup,
  noContent,
  pathId,
  plainText,
  updateGroupBody,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../request-auth.js';
import { validBody } from '../../lib/validation.js';
import { inviteMember, kickMember, leaveGroup } from './members.js';
import { presentGroup, presentMember, presentMyGroup } from './presenter.js';
import { myGroups } from './queries.js';
import { createGroup, deleteGroup, getGroup, listMembers, updateGroup, type GroupWithMembers } from './service.js';
import { GROUP_TEXTS } from './texts.js';

const idParams = z.object({ id: pathId });
const kickParams = z.object({ id: pathId, userId: pathId });

export default function groupRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];

  const now = () => ctx.clock.now();
  const present = ({ group: g, members }: GroupWithMembers) => presentGroup(g, members, now());

  app.post('/api/groups', { schema: { tags, body: createGroupBody, response: { 201: group } } }, async (req, reply) =>
    reply.status(201).send(present(await createGroup(ctx, requireUser(req), req.body))),
  );

  app.get('/api/groups/my-groups', { schema: { tags, response: { 200: z.array(myGroup) } } }, async (req) =>
    (await myGroups(ctx.db, requireUser(req).id)).map(presentMyGroup),
  );

  app.get('/api/groups/:id', { schema: { tags, params: idParams, response: { 200: group } } }, async (req) =>
    present(await getGroup(ctx, requireUser(req), req.params.id)),
  );

  const members = async (req: FastifyRequest, groupId: number) => {
    const rows = await listMembers(ctx, requireUser(req), groupId);
    const at = now();
    return rows.map((m) => presentMember(m, at));
  };
  const membersSchema = {
    tags,
    params: idParams,
    response: { 200: z.array(groupMember) },
  };
  app.get('/api/group/:id/members', { schema: membersSchema }, (req) => members(req, req.params.id));
  app.get('/api/groups/:id/members', { schema: membersSchema }, (req) => members(req, req.params.id));

  const editGroup = {
    schema: { tags, params: idParams, body: updateGroupBody, response: { 200: group } },
    attachValidation: true,
  };
  app.put('/api/groups/:id', editGroup, async (req) =>
    present(await updateGroup(ctx, requireUser(req), req.params.id, () => validBody(req))),
  );

  app.delete('/api/groups/:id', { schema: { tags, params: idParams, response: { 204: noContent } } }, async (req, reply) => {
    await deleteGroup(ctx, requireUser(req), req.params.id);
    return reply.status(204).send();
  });

  app.delete(
    '/api/groups/:id/leave',
    { schema: { tags, params: idParams, response: { 200: plainText } } },
    async (req, reply) => {
      await leaveGroup(ctx, requireUser(req), req.params.id);
      return sendText(reply, 200, GROUP_TEXTS.left);
    },
  );

  const inviteSchema = {
    schema: { tags, params: idParams, body: inviteBody, response: { 200: plainText } },
    attachValidation: true,
  };
  app.post('/api/groups/:id/invite', inviteSchema, async (req, reply) => {
    await inviteMember(ctx, requireUser(req), req.params.id, () => validBody(req));
    return sendText(reply, 200, GROUP_TEXTS.invited);
  });

  app.delete(
    '/api/groups/:id/remove/:userId',
    { schema: { tags, params: kickParams, response: { 200: plainText } } },
    async (req, reply) => {
      await kickMember(ctx, requireUser(req), req.params.id, req.params.userId);
      return sendText(reply, 200, GROUP_TEXTS.kicked);
    },
  );
}
