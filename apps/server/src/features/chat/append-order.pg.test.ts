import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { createGroup, createRoom, sleep, type TestGroup } from '../../../test/fixtures/chat.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { appendMessage } from './queries.js';

/**
 * A chat line is appended in one call (chat_append, migration 0013): the room lock first, then reads that see
 * what the lock's previous holder committed. On a server with a pool, many appends to one room at once must
 * still chain (each one's previous id is the one stored just before it), and a member removed while their line
 * waited for the lock must not get it stored. PGlite runs one statement at a time, so this needs a server.
 */
const skip = !process.env.TEST_DATABASE_URL;

describe.skipIf(skip)('appending chat lines on a PostgreSQL server', () => {
  const t = useTestApp({ now: NOON_SEOUL });
  let group: TestGroup;
  let roomId: number;
  beforeAll(async () => {
    group = await createGroup(t, 3);
    roomId = await createRoom(t, group);
  });

  it('chains 30 lines sent at once: ids in order, each naming the one before it', async () => {
    const senders = [group.admin, ...group.members];
    const stored = await Promise.all(
      Array.from({ length: 30 }, (_, i) => appendMessage(t.db, roomId, senders[i % senders.length].id, `줄 ${i}`, new Date())),
    );
    const links = stored.map((s) => ({ id: s!.message.id, prev: s!.prev })).sort((a, b) => a.id - b.id);
    for (let i = 1; i < links.length; i++) expect(links[i].prev).toBe(links[i - 1].id);
  });

  it('stores nothing for a member removed while the line waited for the room lock', async () => {
    const member = group.members[0];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const kick = t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM chat_rooms WHERE id = ${roomId} FOR NO KEY UPDATE`);
      await tx.execute(sql`DELETE FROM group_members WHERE group_id = ${group.id} AND user_id = ${member.id}`);
      await released;
    });
    await sleep(50);
    const send = appendMessage(t.db, roomId, member.id, '늦은 줄', new Date(), member.id);
    await sleep(100); // the send is now waiting for the lock
    release();
    await kick;
    expect(await send).toBeNull();
    const rows = await t.db.execute(sql`SELECT count(*)::int AS n FROM chat_messages WHERE content = '늦은 줄'`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
  });
});
