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
import { loadGroupAccess } from '../../lib/access.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest } from '../../lib/errors.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../lib/request-auth.js';
import { validBody } from '../../lib/validation.js';
import { inviteMember, kickMember, leaveGroup } from './members.js';
import { canLeaveGroup, isGroupAdmin } from './policy.js';
import { presentMember } from './presenter.js';
import { groupMemberRows, myGroups } from './queries.js';
import { createGroup, deleteGroup, groupView, updateGroup } from './service.js';
import { GROUP_TEXTS } from './texts.js';

const idParams = z.object({ id: pathId });
const kickParams = z.object({ id: pathId, userId: pathId });

export default function groupRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];

  /** Every route but create: the group exists (404 with the route's text), then the caller is a member (403). */
  const access = async (req: FastifyRequest, groupId: number, notFoundText: string) => {
    const user = requireUser(req);
    return {
      user,
      ...(await loadGroupAccess(ctx.db, groupId, user.id, notFoundText)),
    };
  };

  app.post('/api/groups', { schema: { tags, body: createGroupBody, response: { 201: group } } }, async (req, reply) =>
    reply.status(201).send(await createGroup(ctx, requireUser(req), req.body)),
  );

  app.get('/api/groups/my-groups', { schema: { tags, response: { 200: z.array(myGroup) } } }, async (req) =>
    myGroups(ctx.db, requireUser(req).id),
  );

  app.get('/api/groups/:id', { schema: { tags, params: idParams, response: { 200: group } } }, async (req) => {
    const { group: g } = await access(req, req.params.id, GROUP_TEXTS.notFound);
    return groupView(ctx, g);
  });

  const listMembers = async (req: FastifyRequest, groupId: number) => {
    const { group: g } = await access(req, groupId, GROUP_TEXTS.notFound);
    const now = ctx.clock.now();
    return (await groupMemberRows(ctx.db, g.id)).map((m) => presentMember(m, now));
  };
  const membersSchema = {
    tags,
    params: idParams,
    response: { 200: z.array(groupMember) },
  };
  app.get('/api/group/:id/members', { schema: membersSchema }, (req) => listMembers(req, req.params.id));
  app.get('/api/groups/:id/members', { schema: membersSchema }, (req) => listMembers(req, req.params.id));

  const editGroup = {
    schema: { tags, params: idParams, body: updateGroupBody, response: { 200: group } },
    attachValidation: true,
  };
  app.put('/api/groups/:id', editGroup, async (req) => {
    const a = await access(req, req.params.id, GROUP_TEXTS.notFound);
    authorize(isGroupAdmin(a.membership), GROUP_TEXTS.editForbidden);
    return updateGroup(ctx, a, validBody(req));
  });

  app.delete('/api/groups/:id', { schema: { tags, params: idParams, response: { 204: noContent } } }, async (req, reply) => {
    const a = await access(req, req.params.id, GROUP_TEXTS.notExists);
    authorize(isGroupAdmin(a.membership), GROUP_TEXTS.deleteForbidden);
    await deleteGroup(ctx, a, a.user);
    return reply.status(204).send();
  });

  app.delete(
    '/api/groups/:id/leave',
    { schema: { tags, params: idParams, response: { 200: plainText } } },
    async (req, reply) => {
      const a = await access(req, req.params.id, GROUP_TEXTS.notExists);
      if (!canLeaveGroup(a.membership)) throw new BadRequest(GROUP_TEXTS.adminCannotLeave, 'group_admin');
      await leaveGroup(ctx, a.user, a);
      return sendText(reply, 200, GROUP_TEXTS.left);
    },
  );

  const inviteSchema = {
    schema: { tags, params: idParams, body: inviteBody, response: { 200: plainText } },
    attachValidation: true,
  };
  app.post('/api/groups/:id/invite', inviteSchema, async (req, reply) => {
    const a = await access(req, req.params.id, GROUP_TEXTS.notExists);
    authorize(isGroupAdmin(a.membership), GROUP_TEXTS.inviteForbidden);
    await inviteMember(ctx, requireUser(req), a, validBody(req).nickname);
    return sendText(reply, 200, GROUP_TEXTS.invited);
  });

  app.delete(
    '/api/groups/:id/remove/:userId',
    { schema: { tags, params: kickParams, response: { 200: plainText } } },
    async (req, reply) => {
      const a = await access(req, req.params.id, GROUP_TEXTS.notExists);
      authorize(isGroupAdmin(a.membership), GROUP_TEXTS.kickForbidden);
      await kickMember(ctx, a, req.params.userId);
      return sendText(reply, 200, GROUP_TEXTS.kicked);
    },
  );
}
