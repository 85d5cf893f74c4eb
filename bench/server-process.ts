import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

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
 * resolves once it says it is running. Node itself runs it (tsx as its loader), so the child's pid is the server's
 * for a memory figure.
 * @param secret the session secret (at least 32 characters); benchmarks of one run share one.
 * @throws when the process exits before it listens.
 */
export async function startServerProcess(url: string, port: number, dataDir: string, secret: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
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
