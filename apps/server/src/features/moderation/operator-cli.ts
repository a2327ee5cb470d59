// npm run operator -- grant|revoke <loginId>   (docs/api.md §10.4)
// Against DATABASE_URL when it is set, else the embedded database under DATA_DIR (default ./data at the repository
// root), which must not be in use by a running server. Applies pending migrations first, as npm start does.
import path from 'node:path';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { changeOperator } from './operators.js';

const [command, loginId] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !loginId) {
  console.error('usage: npm run operator -- grant|revoke <loginId>');
  process.exit(2);
}
const url = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const where = url ? 'PostgreSQL (DATABASE_URL)' : `PGlite under ${dataDir}`;
let code = 0;
try {
  const database = await openDatabase(url ? { url } : { dataDir });
  try {
    await migrate(database.db);
    const done = await changeOperator(database.db, command, loginId, new Date());
    const who = done.outcome === 'unknown' ? '' : `${done.loginId} (user ${done.userId})`;
    const line = {
      granted: `granted: ${who} is now an operator`,
      already: `unchanged: ${who} was already an operator`,
      revoked: `revoked: ${who} is no longer an operator (OPERATORS may still list it)`,
      'was-not': `unchanged: ${who} was not an operator`,
      unknown: `no active account with the login id ${loginId}`,
    }[done.outcome];
    console.log(`[operator] ${line} - ${where}`);
    if (done.outcome === 'unknown') code = 1;
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(`[operator] failed on ${where}: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
}
process.exit(code);
