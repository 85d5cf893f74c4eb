import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const LOCK_MODULE = fileURLToPath(new URL('./lock.ts', import.meta.url));

/** Lock holders started by lockHolder, until killLockHolders. */
const started: ChildProcess[] = [];

/**
 * Starts a separate Node process that takes the embedded database's lock of `dataDir` as the server does
 * (lockDataDir) and stays up.
 * On SIGTERM it exits through process.exit without calling the release, as a server's signal handler does.
 * @returns the process and its first line: "locked", or the refusal's message.
 */
export async function lockHolder(dataDir: string): Promise<{ child: ChildProcess; said: string }> {
  const code = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    process.on('SIGTERM', () => process.exit(0));
    try {
      await lockDataDir(process.argv[1]);
      console.log('locked');
    } catch (error) {
      console.log(error.message);
    }
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(child);
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, said: line.toString().trim() };
}

/** Sends `signal` to `child` and waits for it to end. @returns how it ended: [exit code, signal]. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals) {
  const exited = once(child, 'exit');
  child.kill(signal);
  return (await exited) as [number | null, NodeJS.Signals | null];
}

/** Kills (SIGKILL) every lock holder still running (a test file's afterEach). */
export function killLockHolders(): void {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
