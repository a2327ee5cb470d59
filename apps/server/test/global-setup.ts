import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

/**
 * Migrates one template database per run; every test file clones it (the API tests run on both engines).
 * PGlite: a dump of a migrated data dir. PostgreSQL (TEST_DATABASE_URL): a template database.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let templateDb: string | undefined;

  if (serverUrl) {
    templateDb = `tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
    await admin.query(`CREATE DATABASE ${templateDb}`);
    await admin.end();
    const db = await openDatabase({ url: withDatabase(serverUrl, templateDb) });
    await migrate(db.db);
    await db.close();
  } else {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = await openDatabase({ pglite });
    await migrate(db.db);
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(path.join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
    await db.close();
  }
  project.provide('testDir', dir);
  project.provide('templateDb', templateDb ?? '');

  return async () => {
    if (serverUrl && templateDb) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `${templateDb}_c%`,
      ]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDir: string;
    templateDb: string;
  }
}
