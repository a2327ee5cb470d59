import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { deleteIdentitiesOf } from './queries.js';

/** docs/api.md §10.3: withdrawal deletes the user's identities (and any flow or code still pending for them). */
export function identityWithdrawalHooks(ctx: AppContext) {
  ctx.events.on('account.withdrawing', async ({ tx }, { user }) => deleteIdentitiesOf(tx, user.id), WITHDRAWAL_STEP.ownRows);
}
