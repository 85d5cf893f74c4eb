import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';

/** What a server process tells the primary once it listens (main.ts). */
export const LISTENING_MESSAGE = { hearth: 'listening' } as const;

/** Replacements in a row that may end before listening before the primary gives up (a crash loop, not a crash). */
const MAX_FAILED_STARTS = 5;

/** What the primary needs from main.ts. */
export interface PrimaryOptions {
  /** How many server processes to keep running (cluster.processes.ts processCountOf). */
  count: number;
  /**
   * Work done once before any server process starts, so they need not race over it: the secrets generated into
   * DATA_DIR and the database upgrade (cluster.prepare.ts).
   */
  prepare: () => Promise<void>;
  /** The line printed once every process listens (main.ts says where Hearth runs). */
  runningLine: string;
  log?: Pick<Console, 'log' | 'error'>;
}

/** Whether `message` is the LISTENING_MESSAGE of a server process. */
function isListening(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { hearth?: unknown }).hearth === 'listening';
}

/**
 * Forks one server process (this same entry point, as a cluster worker) and waits until it listens.
 * @returns the worker, or null when it ended before listening.
 */
async function startOne(): Promise<Worker | null> {
  const worker = cluster.fork();
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isListening(message)) return;
      worker.off('exit', onExit);
      worker.off('message', onMessage);
      resolve(worker);
    };
    const onExit = () => {
      worker.off('message', onMessage);
      resolve(null);
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}

/**
 * The primary process of `HEARTH_PROCESSES` above 1 (docs/architecture.md "Running several processes"): runs
 * `prepare` once, forks `count` server processes (Node's cluster: they share the one port, the primary hands each new
 * connection to the next process in turn) and prints `runningLine` once all listen. A process that ends while Hearth
 * runs is replaced; MAX_FAILED_STARTS replacements in a row that end before listening stop everything with exit
 * code 1, as a failed first start does. SIGTERM or SIGINT stops every process gracefully (each closes its HTTP
 * server, jobs and connections as a single process does) and then the primary, with exit code 0.
 * The primary holds no database connection once `prepare` is done and serves no request.
 * @throws what `prepare` throws; Error when a process ends before listening at the first start.
 */
export async function runPrimary(options: PrimaryOptions): Promise<void> {
  const log = options.log ?? console;
  await options.prepare();
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    await Promise.all(
      workers.map(async (worker) => {
        const exited = once(worker, 'exit');
        worker.process.kill('SIGTERM');
        await exited;
      }),
    );
  };
  const onSignal = () => {
    if (stopping) return;
    void stopAll().then(() => process.exit(0));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const first = await Promise.all(Array.from({ length: options.count }, () => startOne()));
  if (first.some((worker) => worker === null)) {
    await stopAll();
    throw new Error('A server process stopped while starting (its error is above)');
  }
  const watch = (worker: Worker) =>
    worker.once('exit', (code: number | null, signal: string | null) => void replace(worker, code, signal));
  const replace = async (ended: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    log.error(`Server process ${ended.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`);
    for (let failed = 0; !stopping; failed += 1) {
      if (failed >= MAX_FAILED_STARTS) {
        log.error(`${MAX_FAILED_STARTS} server processes in a row stopped while starting; Hearth stops`);
        await stopAll();
        process.exit(1);
      }
      const next = await startOne();
      if (next) {
        watch(next);
        return;
      }
    }
  };
  for (const worker of first) watch(worker!);
  log.log(options.runningLine);
}
