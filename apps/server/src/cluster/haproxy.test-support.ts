import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/**
 * HAProxy in front of several Hearth server processes, for the cluster tests and the load benchmark: Debian's
 * haproxy (HAPROXY names another binary), a configuration generated for the given ports, run in the foreground.
 */

/** A server process behind the balancer: its name in HAProxy's configuration and its port on 127.0.0.1. */
export interface Backend {
  name: string;
  port: number;
}

/** The answer header naming the server process that answered (HAProxy's server name). */
export const SERVED_BY_HEADER = 'x-hearth-server';

/**
 * The HAProxy configuration of a balancer on 127.0.0.1:`port` over `backends`, round robin without sticky
 * sessions (a session is a row in the database, so any process serves any request; a live stream stays on the
 * process it opened on). Each answer names its server in SERVED_BY_HEADER, and a path starting `/via/<name>` goes
 * to that server with the prefix removed (pinnedUrl), so a test can send a request to a chosen process through the
 * balancer. The timeouts
 * leave live streams (server-sent events) open for an hour of silence; Hearth's own pings keep them shorter.
 */
export function haproxyConfig(port: number, backends: Backend[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout http-request 10s',
    // A process busy with a burst answers its health check late; only five missed checks in a row take it out.
    '  timeout check 10s',
    'frontend hearth_web',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-var(req.pin) path,field(3,/) if { path_beg /via/ }',
    '  http-request set-path %[path,regsub(^/via/[^/]*,)] if { path_beg /via/ }',
    '  default_backend hearth',
    'backend hearth',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    `  http-response set-header ${SERVED_BY_HEADER} %[srv_name]`,
    ...backends.map((b) => `  use-server ${b.name} if { var(req.pin) -m str ${b.name} }`),
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 2s fall 5 rise 1`),
    '',
  ].join('\n');
}

/** The base URL of the balancer at `url` that sends every request to server `name` (haproxyConfig's /via/). */
export function pinnedUrl(url: string, name: string): string {
  return `${url}/via/${name}`;
}

/** The haproxy binary: HAPROXY, else Debian's /usr/sbin/haproxy, else `haproxy` on the PATH. */
export function haproxyBinary(): string {
  if (process.env.HAPROXY) return process.env.HAPROXY;
  return fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
}

/** Whether a TCP connection to 127.0.0.1:`port` is accepted (then closed). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A running HAProxy. */
export interface Balancer {
  /** http://127.0.0.1:port */
  url: string;
  /** Stops HAProxy and removes its configuration. */
  stop(): Promise<void>;
}

/**
 * Writes haproxyConfig into a temporary directory and runs HAProxy on it in the foreground (-db); resolves once it
 * polls for connections (its verbose start-up ends with "Using <poller> as the polling mechanism", printed after
 * the listening socket is bound).
 * @throws when haproxy is missing, refuses the configuration or exits while starting.
 */
export async function startHaproxy(port: number, backends: Backend[]): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig(port, backends));
  const child: ChildProcess = spawn(haproxyBinary(), ['-db', '-V', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const said: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`haproxy exited (${code}): ${said.join('\n')}`)));
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        said.push(line);
        if (/^Using \S+ as the polling mechanism/.test(line)) resolve();
      });
    }
  });
  child.removeAllListeners('exit');
  // The start-up line can come just before the socket accepts: the first connection is retried until it does.
  for (let tried = 0; !(await accepts(port)); tried += 1) {
    if (tried >= 100) throw new Error(`haproxy does not accept connections on ${port}: ${said.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
