import { beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../test/fixtures/chat.js';
import { rawUpgrade } from '../../test/fixtures/raw-upgrade.js';
import { useTestApp } from '../../test/helpers.js';

const t = useTestApp();
let host = '';
beforeAll(async () => {
  host = await listen(t);
});

describe('a WebSocket upgrade whose client goes away while it is checked', () => {
  it('does not end the process (reset before the refusal or the handshake is written)', async () => {
    const user = await t.user();
    for (const token of ['not-a-token', user.token]) {
      for (let i = 0; i < 20; i++) {
        const socket = rawUpgrade(host, token);
        await new Promise((r) => socket.once('connect', r));
        socket.resetAndDestroy();
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    expect((await fetch(`http://${host}/healthz`)).status).toBe(200);
  });
});
