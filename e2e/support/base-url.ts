import { fileURLToPath } from 'node:url';

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

/**
 * The data directory of the fresh server on `port` (absolute, because `npm start` runs the server from its own
 * workspace folder; one per port).
 */
export const dataDirOf = (port: number) =>
  fileURLToPath(new URL(port === 3100 ? '../../.e2e-data' : `../../.e2e-data-${port}`, import.meta.url));

/**
 * The file the fresh server on `port` appends every sent message to with its sign-in link intact (OUTBOX_COPY_FILE:
 * the outbox page hides tokens), standing in for the recipient's mailbox.
 */
export const outboxCopyFileOf = (port: number) => `${dataDirOf(port)}/outbox.jsonl`;
