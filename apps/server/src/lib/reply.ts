import type { FastifyReply } from 'fastify';

/** A plain-text Korean success body (docs/api.md §1.1 "Text"). */
export function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.status(status).type('text/plain; charset=utf-8').send(text);
}

/**
 * A JSON body already serialized (ReadCache.json): sent as it is, with the content type Fastify gives the
 * answers it serializes itself.
 */
export function sendJsonBody(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}
