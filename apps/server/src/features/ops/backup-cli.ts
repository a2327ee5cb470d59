// npm run backup [FILE]   a consistent copy of the embedded database (while the server runs, or not)
// npm run restore FILE    into DATA_DIR of a stopped server (the current database is moved aside, not deleted)
// DATA_DIR as for npm start (default ./data at the repository root); FILE is read relative to where npm was run.
import path from 'node:path';
import { backup, restore } from './backup.js';

const [command, fileArg] = process.argv.slice(2);
const here = process.env.INIT_CWD ?? process.cwd();
const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

try {
  if (command === 'backup') {
    const file = path.resolve(here, fileArg ?? `backups/teamfinder-${stamp()}.tar`);
    const { bytes, live } = await backup(dataDir, file);
    console.log(
      `[backup] ${file} (${(bytes / 1048576).toFixed(1)} MiB, ${live ? 'copied by the running server' : 'server stopped'})`,
    );
  } else if (command === 'restore' && fileArg) {
    const { tables, movedTo } = await restore(dataDir, path.resolve(here, fileArg));
    if (movedTo) console.log(`[restore] the previous database was moved to ${movedTo}`);
    const rows = Object.values(tables).reduce((a, b) => a + b, 0);
    console.log(`[restore] ${path.join(dataDir, 'pgdata')}: ${Object.keys(tables).length} tables, ${rows} rows`);
  } else {
    console.error('usage: npm run backup [FILE] | npm run restore FILE');
    process.exit(2);
  }
} catch (err) {
  console.error(`[${command}] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
