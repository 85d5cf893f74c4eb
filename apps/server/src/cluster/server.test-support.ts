import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { cookieOf, totpCode } from '../test/mfa-support';

/**
 * Real Hearth server processes (src/main.ts, as `npm start` runs it) for the cluster tests and the load benchmark,
 * and the HTTP calls a test makes through them.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * `count` distinct free local TCP ports: all are held open together before any is released, so none is handed out
 * twice (one port at a time could get the same port back once it was released).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve) => {
          const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A free local TCP port (freePorts for several at once). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/** A started server process: the Node process itself (tsx as its loader), so its pid is the server's. */
export interface ServerProcess {
  child: ChildProcess;
  /** What it printed on stderr (its errors), for a failing test's message. */
  errors: string[];
  /** Stops it with SIGTERM and waits for its exit. @returns [exit code, signal]. */
  stop(): Promise<[number | null, NodeJS.Signals | null]>;
}

/**
 * Starts src/main.ts with `env` added to this process's environment (DATABASE_URL, PORT, PUBLIC_URL, DATA_DIR,
 * BETTER_AUTH_SECRET, HEARTH_PROCESSES...), on 127.0.0.1, logging warnings only, never seeding the demo; resolves
 * once it prints "Hearth is running on".
 * @throws when it exits first, with what it printed on stderr.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'never', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${errors.join('')}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('Hearth is running on ')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return {
    child,
    errors,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return [child.exitCode, child.signalCode];
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.once('exit', (code, signal) => resolve([code, signal])),
      );
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Signs demo user `username` in at `base` with the demo password and the demo authenticator's code.
 * @returns the bearer token.
 * @throws when the server refuses either step.
 */
export async function signIn(base: string, username: string, headers: Record<string, string> = {}): Promise<string> {
  const sent = { 'content-type': 'application/json', origin: new URL(base).origin, ...headers };
  let res = await fetch(`${base}/api/auth/sign-in/username`, {
    method: 'POST',
    headers: sent,
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const challenge = cookieOf(res, 'two_factor');
  if (challenge) {
    res = await fetch(`${base}/api/auth/two-factor/verify-totp`, {
      method: 'POST',
      headers: { ...sent, cookie: challenge },
      body: JSON.stringify({ code: totpCode(), trustDevice: false }),
    });
  }
  const token = res.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return token;
}

/** A tRPC call's answer: status, body, and the answer's headers. */
export interface TrpcAnswer<T> {
  status: number;
  data: T;
  error: { message?: string } | undefined;
  headers: Headers;
}

/**
 * Calls tRPC procedure `path` at `base` as the holder of `token` (a query in the URL, a mutation as a JSON body),
 * with `headers` added (a balancer's server choice).
 */
export async function trpc<T>(
  base: string,
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  token: string,
  headers: Record<string, string> = {},
): Promise<TrpcAnswer<T>> {
  const sent = { authorization: `Bearer ${token}`, origin: new URL(base).origin, ...headers };
  const encoded = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res =
    kind === 'query'
      ? await fetch(`${base}/api/trpc/${path}${encoded}`, { headers: sent })
      : await fetch(`${base}/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...sent, 'content-type': 'application/json' },
          body: input === undefined ? undefined : JSON.stringify(input),
        });
  const body = (await res.json()) as { result?: { data?: unknown }; error?: { message?: string } };
  return { status: res.status, data: body.result?.data as T, error: body.error, headers: res.headers };
}
