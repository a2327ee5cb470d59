import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { users } from './db/schema/index.js';

const body = {
  loginId: 'restart_user',
  password: 'password-123',
  email: 'r@daum.net',
  phoneNumber: '01011112222',
  nickname: '재시작',
};

describe('running the app', () => {
  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'given' }).jwtSecret).toBe('given');
  });

  it('migrates an embedded database at start, and the data survives a restart', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'restart-'));
    const config = loadConfig({ DATA_DIR: dir, RUN_JOBS: 'false', WEB_DIST: '/nonexistent' });

    const first = await buildApp({ config, logger: false });
    const reg = await first.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(reg.statusCode).toBe(201);
    await first.app.close();
    expect(existsSync(path.join(dir, 'pgdata'))).toBe(true);

    const second = await buildApp({ config, logger: false });
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginId: body.loginId, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    const systemUsers = await second.ctx.db.select().from(users).where(eq(users.system, true));
    expect(systemUsers).toHaveLength(1);
    expect(systemUsers[0].nickname).toBe('[시스템]');
    await second.app.close();
  });

  it('shuts down gracefully on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sigterm-'));
    const port = 18000 + Math.floor(Math.random() * 1000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', RUN_JOBS: 'false', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    try {
      let ok = false;
      for (let i = 0; i < 250 && !ok; i++) {
        ok = await fetch(`http://127.0.0.1:${port}/api/recruitments/none`).then(
          () => true,
          () => false,
        );
        if (!ok) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ok).toBe(true);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
