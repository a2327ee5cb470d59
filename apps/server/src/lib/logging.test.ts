import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

it('request logs never contain tokens or passwords (docs/api.md §8.27)', async () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'log-')),
    RUN_JOBS: 'false',
    WEB_DIST: '/none',
    LOG_LEVEL: 'trace',
  });
  const { app } = await buildApp({ config, logStream });
  const password = 'very-secret-password-1';
  await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { loginId: 'log_user', password, email: 'l@naver.com', phoneNumber: '01012341234', nickname: '로그' },
  });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'log_user', password } });
  const { token } = login.json();
  await app.inject({ method: 'GET', url: `/api/users/me?token=${token}`, headers: { authorization: `Bearer ${token}` } });
  // the same names percent-encoded or in another case are the same parameters to a query parser
  await app.inject({ method: 'GET', url: `/api/users/me?page=1&%74oken=${token}` });
  await app.inject({ method: 'GET', url: `/api/boards?x=1&pass%77ord=${password}&Token=${token}` });
  await app.inject({ method: 'GET', url: `/api/boards?access_token=${token}&newPassword=${password}` });
  await app.close();
  const all = lines.join('');
  expect(all).toContain('/api/users/me');
  expect(all).not.toContain(password);
  expect(all).not.toContain(token);
  expect(all).not.toContain(token.split('.')[2]);
  expect(all).toContain('/api/boards?x=1&pass%77ord=[REDACTED]&Token=[REDACTED]');
});
