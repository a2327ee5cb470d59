import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_HISTORY_DEFAULT,
  CHAT_HISTORY_MAX,
  chatMessage,
  chatRoom,
  chatRoomExists,
  chatRoomItem,
  createChatRoomBody,
  pathId,
  plainText,
  readLogBody,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../request-auth.js';
import { sendText } from '../../lib/reply.js';
import { presentMessage, presentRoom, presentRoomItem } from './presenter.js';
import { roomsOf } from './queries.js';
import * as chat from './service.js';
import { CHAT_TEXTS } from './texts.js';

const roomParams = z.object({ chatRoomId: pathId });
/** 1-300, default 50; anything else is clamped (docs/api.md §3.8) */
const limitParam = z
  .unknown()
  .optional()
  .transform((v) => {
    const n = typeof v === 'string' && /^-?\d{1,9}$/.test(v.trim()) ? Number(v) : CHAT_HISTORY_DEFAULT;
    return Math.min(CHAT_HISTORY_MAX, Math.max(1, n));
  });

export default function chatRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];
  const present = ({ room, messages, unread }: chat.RoomView) => presentRoom(room, messages, unread);

  app.get('/api/chat/rooms', { schema: { tags, response: { 200: z.array(chatRoomItem) } } }, async (req) =>
    (await roomsOf(ctx.db, requireUser(req).id)).map(presentRoomItem),
  );

  app.get('/api/chat/rooms/:chatRoomId', { schema: { tags, params: roomParams, response: { 200: chatRoom } } }, async (req) =>
    present(await chat.openRoom(ctx, requireUser(req), req.params.chatRoomId)),
  );

  app.get(
    '/api/chat/rooms/:chatRoomId/messages',
    {
      schema: {
        tags,
        params: roomParams,
        querystring: z.object({ limit: limitParam, before: pathId.optional() }),
        response: { 200: z.array(chatMessage) },
      },
    },
    async (req) =>
      (await chat.history(ctx, requireUser(req), req.params.chatRoomId, req.query.limit, req.query.before)).map(presentMessage),
  );

  app.get(
    '/api/chat/rooms/:chatRoomId/unread-count',
    { schema: { tags, params: roomParams, response: { 200: z.number() } } },
    async (req) => chat.unread(ctx, requireUser(req), req.params.chatRoomId),
  );

  app.get(
    '/api/chat/rooms/exist/:groupId',
    { schema: { tags, params: z.object({ groupId: pathId }), response: { 200: chatRoomExists } } },
    async (req) => chat.roomOfGroup(ctx, requireUser(req), req.params.groupId),
  );

  app.post('/api/chat/room', { schema: { tags, body: createChatRoomBody, response: { 201: chatRoom } } }, async (req, reply) => {
    const room = await chat.createRoom(ctx, requireUser(req), req.body);
    return reply.status(201).send(present(room));
  });

  app.post('/api/chat/read-log', { schema: { tags, body: readLogBody, response: { 200: plainText } } }, async (req, reply) => {
    await chat.saveReadLog(ctx, requireUser(req), req.body.chatRoomId);
    return sendText(reply, 200, CHAT_TEXTS.readLogSaved);
  });
}
