/** Port of the fresh server the e2e config starts when E2E_BASE_URL is not set. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Where the app under test runs. */
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${E2E_PORT}`;
