// Starts db/pglite-thread.ts from the TypeScript sources (tsx, vitest): a worker does not inherit tsx's loader on
// Node 20, and ignores `--import tsx` in its execArgv, so the thread registers it itself. The build runs pglite-thread.js.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');
