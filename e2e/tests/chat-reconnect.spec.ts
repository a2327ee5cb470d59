import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import WebSocket from 'ws';
import { chatGroup, type ChatGroup } from './chat-helpers';
import { expect, loginWithToken, test, type ApiUser } from './fixtures';

/**
 * A chat room survives its server going away. These tests run a server of their own (same build,
 * its own DATA_DIR, a free port) so they can stop and start it while a member has the room open.
 */
const START = path.resolve(import.meta.dirname, '../../scripts/start.mjs');
const DOWN_TEXT = '연결이 끊겼습니다. 다시 연결하는 중…';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A server on `port` over one data directory that the test stops and starts (same data, same port). */
class OwnServer {
  private child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-restart-'));
  constructor(readonly port: number) {}

  get baseURL() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn(process.execPath, [START], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
      },
      stdio: 'ignore',
    });
    this.child = child;
    for (let i = 0; i < 720; i++) {
      if (child.exitCode !== null) throw new Error('the server exited while starting');
      try {
        if ((await fetch(`${this.baseURL}/`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the server did not answer');
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** Sends chat lines as `user` over a raw STOMP WebSocket, each acknowledged by a receipt (stored and published). */
async function sendLines(server: OwnServer, user: ApiUser, roomId: number, lines: string[]) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws/chat/websocket?token=${encodeURIComponent(user.token)}`, {
    headers: { 'x-forwarded-for': '10.77.0.1' },
  });
  const frames: string[] = [];
  let notify = () => {};
  ws.on('message', (data) => {
    frames.push(String(data));
    notify();
  });
  const waitFor = (start: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const found = frames.findIndex((f) => f.startsWith(start) || f.startsWith('ERROR'));
        if (found < 0) return;
        const [frame] = frames.splice(found, 1);
        if (frame.startsWith('ERROR')) reject(new Error(frame));
        else resolve();
      };
      notify = check;
      check();
    });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
  await waitFor('CONNECTED');
  for (const [i, line] of lines.entries()) {
    const body = JSON.stringify({ chatRoomId: roomId, message: line });
    ws.send(`SEND\ndestination:/app/chat.sendMessage\ncontent-type:application/json\nreceipt:r${i}\n\n${body}\0`);
    await waitFor(`RECEIPT\nreceipt-id:r${i}`);
  }
  ws.close();
}

async function memberWithRoomOpen(browser: Browser, server: OwnServer, g: ChatGroup, phone: boolean) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    ...(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  await loginWithToken(page, g.member);
  await page.goto(`/chat/${g.roomId}`);
  await expect(page.getByLabel('메시지 입력')).toHaveAttribute('placeholder', '메시지를 입력하세요');
  return { context, page };
}

// a server of its own starts from an empty data directory (migrations included): slow on a busy machine
test.describe.configure({ timeout: 240_000 });

let server: OwnServer;
test.beforeEach(async () => {
  server = new OwnServer(await freePort());
  await server.start();
});
test.afterEach(async () => {
  await server.stop();
});

test('the server restarts while a member has the room open: the lines sent after it appear without a reload', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.2' },
  });
  const g = await chatGroup(api);
  await sendLines(server, g.admin, g.roomId, ['재시작 전']);
  const { context, page } = await memberWithRoomOpen(browser, server, g, false);
  const lines = page.getByTestId('chat-message').locator('p');
  await expect(lines).toHaveText(['재시작 전']);

  await server.stop();
  await expect(page.getByTestId('chat-link-down')).toHaveText(DOWN_TEXT);
  await server.start();
  // sent at once, before the page has reconnected (its next try is a second or more away)
  await sendLines(server, g.admin, g.roomId, ['재시작 후 1', '재시작 후 2', '재시작 후 3']);

  await expect(lines).toHaveText(['재시작 전', '재시작 후 1', '재시작 후 2', '재시작 후 3'], { timeout: 20_000 });
  await expect(page.getByTestId('chat-link-down')).toHaveCount(0);
  // live delivery resumed after the merge
  await sendLines(server, g.admin, g.roomId, ['다시 실시간']);
  await expect(lines).toHaveText(['재시작 전', '재시작 후 1', '재시작 후 2', '재시작 후 3', '다시 실시간']);
  await context.close();
  await api.dispose();
});

test('on a phone, a dropped connection shows a quiet line and keeps what was typed', async ({ browser, playwright }) => {
  const api = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.3' },
  });
  const g = await chatGroup(api);
  const { context, page } = await memberWithRoomOpen(browser, server, g, true);
  const input = page.getByLabel('메시지 입력');
  await input.fill('보내려던 말');

  await server.stop();
  const status = page.getByTestId('chat-link-down');
  await expect(status).toHaveText(DOWN_TEXT);
  await expect(status).toBeInViewport();
  await expect(input).toHaveValue('보내려던 말');
  await expect(page.getByRole('button', { name: '전송' })).toBeDisabled();
  // typing goes on while it is down
  await input.fill('보내려던 말, 조금 더');
  await input.press('Enter');
  await expect(input).toHaveValue('보내려던 말, 조금 더');

  await server.start();
  await expect(status).toHaveCount(0, { timeout: 20_000 });
  await expect(input).toHaveValue('보내려던 말, 조금 더');
  await page.getByRole('button', { name: '전송' }).tap();
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('chat-message').locator('p')).toHaveText(['보내려던 말, 조금 더']);
  await context.close();
  await api.dispose();
});
