import { fileURLToPath } from 'node:url';

/** Port of the first fresh server the e2e config starts when E2E_BASE_URL is not set. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** A server of the app already running (E2E_BASE_URL), which every flow then shares; else null. */
const EXTERNAL_BASE_URL = process.env.E2E_BASE_URL ?? null;

/**
 * How many flows run at once (E2E_WORKERS, default 2), each on a fresh server of its own (ports E2E_PORT,
 * E2E_PORT + 1, ...), so that no flow sees another's changes while it runs. A flow spends most of its time waiting
 * for the browser and the server, not computing, so two at a time roughly halve the suite on a 2-core machine.
 * With E2E_BASE_URL there is one server, and flows run one at a time.
 */
export const E2E_WORKERS = EXTERNAL_BASE_URL ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The name of the project that runs on the agency-week server. */
export const WEEK_PROJECT = 'agency-week';

/** The URL of the server of the worker with this parallel index (0 .. E2E_WORKERS - 1). */
function serverUrlOf(parallelIndex: number): string {
  return EXTERNAL_BASE_URL ?? `http://localhost:${E2E_PORT + parallelIndex}`;
}

/**
 * Where the agency-week flow runs: a server of its own (port E2E_PORT + 10, its own empty data directory), because
 * it imports the real Synthea files and works a week that the other flows must not see; E2E_WEEK_BASE_URL points it
 * at a server that is already running.
 */
export const WEEK_PORT = E2E_PORT + 10;
export const WEEK_BASE_URL = process.env.E2E_WEEK_BASE_URL ?? `http://localhost:${WEEK_PORT}`;

/** What a test or worker knows of where it runs (Playwright's TestInfo and WorkerInfo both have these). */
interface RunningIn {
  parallelIndex: number;
  project: { name: string };
}

/** The URL of the server a test runs against: the agency-week server for its project, else its worker's own. */
export function appUrlOf(info: RunningIn): string {
  return info.project.name === WEEK_PROJECT ? WEEK_BASE_URL : serverUrlOf(info.parallelIndex);
}

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
