import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../fixtures/chat.js';
import { answerHead, rawUpgrade } from '../fixtures/raw-upgrade.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers.js';
import { startPostgres, type PostgresCluster } from '../services.js';

let cluster: PostgresCluster;
let t: TestApp;
let host: string;
let user: TestUser;

beforeAll(async () => {
  cluster = await startPostgres();
  t = await createTestApp({ database: { url: cluster.url } });
  host = await listen(t);
  user = await t.user();
});
afterAll(async () => {
  await t?.close();
  cluster?.destroy();
});

describe('a chat socket opened while PostgreSQL is away (a restart, a failover)', () => {
  it('is refused with 503 service_unavailable and Retry-After, not 500, and opens once the database is back', async () => {
    cluster.stop();
    const refused = await answerHead(rawUpgrade(host, user.token));
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toMatch(/^X-Error-Code: service_unavailable$/m);
    expect(refused).toMatch(/^Retry-After: 5$/m);

    cluster.start();
    const opened = rawUpgrade(host, user.token);
    expect(await answerHead(opened)).toMatch(/^HTTP\/1\.1 101 /);
    opened.destroy();
  });
});
