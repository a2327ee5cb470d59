import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { useTestApp } from '../../test/helpers.js';
import { EventBus } from './event-bus.js';
import { inTransaction } from './transaction.js';

const t = useTestApp();
beforeAll(async () => {
  await t.db.execute(sql`CREATE TABLE event_probe (n int)`);
});

describe('events after commit', () => {
  it('runs after-commit effects once the transaction has committed, in order', async () => {
    const seen: string[] = [];
    await inTransaction(t.db, t.ctx.log, new Date(), async ({ tx, afterCommit }) => {
      await tx.execute(sql`INSERT INTO event_probe VALUES (1)`);
      afterCommit(async () => {
        // the row is visible outside the transaction: it has committed
        const rows = await queryRows<{ n: number }>(t.db, sql`SELECT n FROM event_probe WHERE n = 1`);
        seen.push(`first:${rows.length}`);
      });
      afterCommit(() => void seen.push('second'));
      seen.push('inside');
    });
    expect(seen).toEqual(['inside', 'first:1', 'second']);
  });

  it("emits nothing when the transaction rolls back, and the handlers' writes roll back with it", async () => {
    const bus = new EventBus<{ probe: { userId: number } }>();
    const effects: number[] = [];
    bus.on('probe', async ({ tx, afterCommit }, { userId }) => {
      await tx.execute(sql`INSERT INTO event_probe VALUES (${userId})`);
      afterCommit(() => void effects.push(userId));
    });
    await expect(
      inTransaction(t.db, t.ctx.log, new Date(), async (scope) => {
        await bus.emit(scope, 'probe', { userId: 42 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(effects).toEqual([]);
    expect(await queryRows(t.db, sql`SELECT n FROM event_probe WHERE n = 42`)).toEqual([]);

    await inTransaction(t.db, t.ctx.log, new Date(), (scope) => bus.emit(scope, 'probe', { userId: 43 }));
    expect(effects).toEqual([43]);
  });

  it('logs a failing effect without failing the committed work or skipping the next effect', async () => {
    const after: string[] = [];
    const result = await inTransaction(t.db, t.ctx.log, new Date(), async ({ afterCommit }) => {
      afterCommit(() => {
        throw new Error('publish failed');
      });
      afterCommit(() => void after.push('ran'));
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(after).toEqual(['ran']);
  });
});
