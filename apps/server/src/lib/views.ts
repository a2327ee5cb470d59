import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { viewRecords } from '../db/schema/index.js';

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

/**
 * One count per viewer per 24 h (contract 2.1, 8.23): the upsert returns a row only when the viewer had no
 * record or an older one, and only then does `increment` raise the target's counter, in the same transaction.
 */
export async function countViewOnce(
  db: Db,
  target: { kind: 'POST' | 'BOARD'; id: number },
  key: string,
  now: Date,
  increment: (tx: Db) => Promise<unknown>,
): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(viewRecords)
      .values({ targetKind: target.kind, targetId: target.id, viewerKey: key, viewedAt: now })
      .onConflictDoUpdate({
        target: [viewRecords.targetKind, viewRecords.targetId, viewRecords.viewerKey],
        set: { viewedAt: now },
        setWhere: sql`${viewRecords.viewedAt} <= ${dayAgo}`,
      })
      .returning({ id: viewRecords.targetId });
    if (fresh.length > 0) await increment(tx);
  });
}
