import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { insertUser } from '../../../test/factories.js';
import { BACKUP_SOCKET, backup, restore, rowCounts } from './backup.js';

const root = path.resolve(import.meta.dirname, '../../../../..');
const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

/** `npm run <script> -- args` with DATA_DIR, without blocking this process (the server in it answers the backup). */
function npmRun(script: string, dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += String(d)));
    child.stderr.on('data', (d: Buffer) => (output += String(d)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const counts = (built: BuiltApp) =>
  rowCounts((text) => built.ctx.db.execute(sql.raw(text)) as unknown as Promise<{ rows: unknown[] }>);

async function send(built: BuiltApp, from: { token: string }, to: string, content: string) {
  const res = await built.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { authorization: `Bearer ${from.token}` },
    payload: { receiverName: to, content },
  });
  return res.statusCode;
}

/** A stopped data dir holding the migrated template database (migrating a new one takes longer than this test). */
async function migratedDataDir(prefix: string) {
  const dir = tmp(prefix);
  await restore(dir, path.join(inject('testDir'), 'template.tar'));
  return dir;
}

// Both runs use the embedded database of a data dir (the PGlite template): *.pglite.test.ts runs only in api-pglite.
describe('npm run backup / npm run restore (embedded database)', () => {
  it('backs up while the server runs (and writes) or is stopped; a restore into a stopped data dir keeps every row', async () => {
    const dataDir = await migratedDataDir('backup-live-');
    const config = loadConfig({ DATA_DIR: dataDir, RUN_JOBS: 'false', WEB_DIST: '/nonexistent' });
    const built = await buildApp({ config, logger: false });
    const now = new Date();
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await insertUser(built, now, { nickname: `백업${i}` }));
    for (let i = 0; i < 20; i++) expect(await send(built, users[i % 5], users[(i + 1) % 5].nickname, `쪽지 ${i}`)).toBe(201);
    expect(existsSync(path.join(dataDir, BACKUP_SOCKET))).toBe(true);

    // a quiet moment: the copy must hold exactly what is stored
    const atBackup = await counts(built);
    const dir = tmp('backup-file-');
    const file = path.join(dir, 'copy.tar');
    const quiet = await npmRun('backup', dataDir, file);
    expect(quiet.code, quiet.output).toBe(0);
    expect(quiet.output).toContain('copied by the running server');

    // while 쪽지 keep coming: the copy opens cleanly and holds every one acknowledged before it began
    let writing = true;
    let acknowledged = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++)
        if ((await send(built, users[i % 5], users[0].nickname, `진행 중 ${i}`)) === 201) acknowledged++;
    })();
    await new Promise((r) => setTimeout(r, 200));
    const before = acknowledged;
    expect((await backup(dataDir, path.join(dir, 'busy.tar'))).live).toBe(true);
    writing = false;
    await writer;

    // restore refuses while the server runs on the data dir
    await expect(restore(dataDir, file)).rejects.toThrow('stop it first');
    const atClose = await counts(built);
    await built.app.close();
    expect(existsSync(path.join(dataDir, BACKUP_SOCKET))).toBe(false);

    // with the server stopped, the CLI opens the database itself
    expect(await backup(dataDir, path.join(dir, 'stopped.tar'))).toMatchObject({ live: false });
    expect((await restore(tmp('backup-stopped-'), path.join(dir, 'stopped.tar'))).tables).toEqual(atClose);
    const busy = (await restore(tmp('backup-busy-'), path.join(dir, 'busy.tar'))).tables;
    expect(busy.messages - atBackup.messages).toBeGreaterThanOrEqual(before);
    expect(busy.messages - atBackup.messages).toBeLessThanOrEqual(acknowledged);

    // into a stopped data dir that holds a database: that one is moved aside, not deleted, and the app runs on the copy
    const restored = await npmRun('restore', dataDir, file);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('the previous database was moved to');
    expect(readdirSync(dataDir).some((f) => f.startsWith('pgdata.before-restore-'))).toBe(true);
    const again = await buildApp({ config, logger: false });
    try {
      expect(await counts(again)).toEqual(atBackup);
      const inbox = await again.app.inject({
        method: 'GET',
        url: '/api/messages/recent',
        headers: { authorization: `Bearer ${users[1].token}` },
      });
      expect(inbox.statusCode).toBe(200);
    } finally {
      await again.app.close();
    }

    await expect(restore(tmp('backup-bad-'), path.join(root, 'package.json'))).rejects.toThrow('is not a backup');
  }, 120_000);
});
