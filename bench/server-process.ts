import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { signIn as signInWithHeaders } from '../apps/server/src/cluster/server.test-support';

/*
 * A Hearth server process for the benchmarks that need several (live updates and chat across processes): the real
 * entry point, on a database the benchmark made, with no demo seeding.
 */

const root = path.resolve(import.meta.dirname, '..');

/** A free local TCP port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts `apps/server/src/main.ts` on database `url`, listening on 127.0.0.1:`port` with `dataDir` for its files;
 * resolves once it says it is running. With `url` null it runs on the embedded database (PGlite) under
 * `dataDir`/pglite, as a small agency does without DATABASE_URL. Node itself runs it (tsx as its loader), so the
 * child's pid is the server's for a memory figure.
 * @param secret the session secret (at least 32 characters); benchmarks of one run share one.
 * @throws when the process exits before it listens.
 */
export async function startServerProcess(
  url: string | null,
  port: number,
  dataDir: string,
  secret: string,
): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...env,
      ...(url === null ? {} : { DATABASE_URL: url }),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: secret,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a server process exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Hearth is running')) resolve();
    });
  });
  return child;
}

/** Stops a server process started by startServerProcess and waits for it to exit (its connections closed). */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Signs demo user `username` in on `base` with the demo password and, when asked, the demo authenticator's code
 * -> the bearer token. `origin` is the Origin header the server trusts (its public URL; `base` by default).
 * @throws when the server refuses either step.
 */
export function signIn(base: string, username: string, origin = base): Promise<string> {
  return signInWithHeaders(base, username, { origin });
}
