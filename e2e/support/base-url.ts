/** Port of the fresh server the e2e config starts when E2E_BASE_URL is not set. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Where the app under test runs. */
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${E2E_PORT}`;

/**
 * Where the agency-week flow runs: a server of its own (port E2E_PORT + 10, its own empty data directory), because
 * it imports the real Synthea files and works a week that the other flows must not see; E2E_WEEK_BASE_URL points it
 * at a server that is already running.
 */
export const WEEK_PORT = E2E_PORT + 10;
export const WEEK_BASE_URL = process.env.E2E_WEEK_BASE_URL ?? `http://localhost:${WEEK_PORT}`;
