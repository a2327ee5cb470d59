import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const { app, database } = await buildApp({ config });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await app.close();
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`database: ${database.kind === 'pglite' ? `PGlite under ${config.dataDir}` : 'PostgreSQL server'}`);
