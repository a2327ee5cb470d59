import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { stopGracefully } from './features/ops/graceful-stop.js';
import { warmUp } from './features/ops/warm-up.js';

const config = loadConfig();
const { app, ctx, database, lifecycle } = await buildApp({ config });

let stopping: Promise<void> | null = null;
function shutdown(signal: string) {
  stopping ??= (async () => {
    app.log.info({ signal }, 'stopping: not ready, finishing what is in flight');
    // beyond the bound on requests, the sockets' drain and the jobs in flight: never hang
    const force = setTimeout(() => process.exit(1), config.stop.delayMs + config.stop.timeoutMs + 10_000);
    force.unref();
    const clean = await stopGracefully({ app, lifecycle, jobs: ctx.jobs, realtime: ctx.realtime }, config.stop).catch(
      (err: unknown) => {
        app.log.error({ err }, 'stopping failed');
        return false;
      },
    );
    process.exit(clean ? 0 : 1);
  })();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

// listening (so /healthz answers) but not ready until the hot reads ran once
lifecycle.warming();
await app.listen({ port: config.port, host: config.host });
app.log.info(`database: ${database.kind === 'pglite' ? `PGlite under ${config.dataDir}` : 'PostgreSQL server'}`);
if (config.warmStart) {
  // a socket's sign-in (token check and user lookup) on every pool connection: moved chat clients arrive in a burst
  const socketSignIn = async () =>
    ctx.realtime.auth.authenticate(await ctx.tokens.sign({ sub: 'warm-up', uid: 0, tv: 0 }, new Date()));
  const ms = await warmUp(app, socketSignIn);
  app.log.info({ ms }, 'warmed up');
}
lifecycle.serve();
