import { startProvider } from './provider';

/** Starts the local sign-in provider the server was pointed at (playwright.config.ts); the returned stop ends it. */
export default async function globalSetup() {
  return startProvider(Number(process.env.E2E_OAUTH_PORT));
}
