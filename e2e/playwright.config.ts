import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { oauthPort, providerEnv } from './oauth/provider';

const port = Number(process.env.E2E_PORT || 8181);
// The server's DATA_DIR, made once: workers load this file again and inherit the variable, so tests can read
// the dev mailbox (DATA_DIR/mailbox) of the very server they run against.
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
export const baseURL = `http://127.0.0.1:${port}`;
// the local sign-in provider (oauth/provider.ts), on a fixed port: globalSetup starts it before the first test; the
// server only calls it during a sign-in. Configured providers only add their buttons to /login and /register.
process.env.E2E_OAUTH_PORT ||= String(oauthPort(port));

export default defineConfig({
  testDir: './tests',
  globalSetup: './oauth/global-setup.ts',
  workers: Number(process.env.E2E_WORKERS || 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // recording a trace costs every test ~9 % more CPU on 2 cores, so none by default: a failure keeps its screenshot
    // and the page snapshot; E2E_TRACE=retain-on-failure records traces when a failure needs one
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // ssr.spec gives its posts more views than any other spec so they rank on the home page; it runs after the
  // others, whose own posts (a view or a dozen) must rank there meanwhile
  projects: [
    { name: 'pages', testIgnore: /ssr\.spec\.ts$/ },
    { name: 'rendered', testMatch: /ssr\.spec\.ts$/, dependencies: ['pages'] },
  ],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/`,
    // npm start builds the web app and the server first when their sources are newer than their builds
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // each test context sends its own X-Forwarded-For, so per-IP sign-up and login limits stay real
      TRUST_PROXY: 'true',
      // the sign-in redirect URI and the link start URL are made from it: the browser's own origin keeps the flow's
      // cookie and the session on one origin
      PUBLIC_URL: baseURL,
      // the moderation specs' operator (tests/moderation-helpers.ts): an operator while listed, registered by the first
      // test that needs it
      OPERATORS: 'e2eoperator',
      // the specs' users are seconds old: docs/api.md §10.4's new-account limits would stop their fourth post
      NEW_ACCOUNT_LIMITS: 'off',
      ...providerEnv(Number(process.env.E2E_OAUTH_PORT)),
    },
  },
});
