import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Contract 2.1: `u:{userId}`, or `a:{SHA-256(IP, User-Agent, server salt)}` for anonymous viewers.
 * The salt is derived from the server's persistent JWT secret, so keys survive restarts but cannot be guessed.
 */
export function viewerKey(req: FastifyRequest, serverSecret: string): string {
  if (req.user) return `u:${req.user.id}`;
  const salt = createHash('sha256').update(`view-salt:${serverSecret}`).digest('hex');
  const ua = req.headers['user-agent'] ?? '';
  return `a:${createHash('sha256').update(`${req.ip}\n${ua}\n${salt}`).digest('hex')}`;
}
