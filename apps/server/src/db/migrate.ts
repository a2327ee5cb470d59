import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.js';
import { lockMigrations } from './locks.js';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** The migration files this build carries, in the order they apply. */
export const migrationFiles = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

/** Migrations this build carries that the database has not applied (readiness). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = await queryRows<{ name: string }>(db, sql`SELECT name FROM schema_migrations`);
  const applied = new Set(done.map((r) => r.name));
  return migrationFiles().filter((f) => !applied.has(f));
}

/** Applies pending SQL migrations in name order, all in one transaction under an advisory lock. */
export async function migrate(db: Db): Promise<string[]> {
  const files = migrationFiles();
  return db.transaction(async (tx) => {
    // an index build on a large table may take longer than a request's statement limit
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await lockMigrations(tx);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = await queryRows<{ name: string }>(tx, sql`SELECT name FROM schema_migrations`);
    const applied = new Set(done.map((r) => r.name));
    const pending = files.filter((f) => !applied.has(f));
    for (const file of pending) {
      for (const statement of splitStatements(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'))) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
    }
    return pending;
  });
}

/** Splits a script on semicolons that end a line, outside $$-quoted bodies (PGlite runs one statement per query). */
export function splitStatements(script: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of script.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += line + '\n';
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
