import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { loginFailureKey } from './service.js';

/** Ends the login lock and failure count of `loginId` (a password reset clears them, docs/api.md §6.4). */
export async function clearLoginFailures(tx: Db, loginId: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.key, loginFailureKey(loginId)));
}
