import type { Db } from '../../db/client.js';
import { activeUserByLoginId, deleteOperator, insertAudit, insertOperator } from './queries.js';

export type OperatorChange =
  { outcome: 'granted' | 'already' | 'revoked' | 'was-not'; userId: number; loginId: string } | { outcome: 'unknown' };

/**
 * `npm run operator -- grant|revoke <loginId>` (docs/api.md §10.4): the only way to make an operator besides the
 * OPERATORS variable. Written to the audit log with no operator (the command line).
 */
export async function changeOperator(db: Db, command: 'grant' | 'revoke', loginId: string, now: Date): Promise<OperatorChange> {
  return db.transaction(async (tx) => {
    const user = await activeUserByLoginId(tx, loginId);
    if (!user) return { outcome: 'unknown' as const };
    const changed = command === 'grant' ? await insertOperator(tx, user.id, now) : await deleteOperator(tx, user.id);
    if (changed) {
      const action = command === 'grant' ? 'GRANT' : 'REVOKE';
      await insertAudit(tx, { operatorId: null, action, targetType: 'USER', targetId: user.id, note: '명령줄', now });
    }
    const outcome = command === 'grant' ? (changed ? 'granted' : 'already') : changed ? 'revoked' : 'was-not';
    return { outcome, userId: user.id, loginId: user.login_id } as const;
  });
}
