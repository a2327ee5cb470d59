import type { FastifyReply } from 'fastify';

/** A plain-text Korean success body (contract 1.1 "Text"). */
export function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.status(status).type('text/plain; charset=utf-8').send(text);
}
