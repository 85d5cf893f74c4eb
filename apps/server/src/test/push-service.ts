import https from 'node:https';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/**
 * A stand-in for a browser's push service (the server a PushSubscription's endpoint names), over real HTTPS on
 * 127.0.0.1, for the web push tests: it records each request and answers each path with the status a test sets
 * (201 Created unless told), and a browser's keys to decrypt what arrives. web-push sends over HTTPS only, so the
 * service has a certificate, made for these tests alone (127.0.0.1 and localhost, valid 2000-2100); `agent`
 * trusts it and nothing else.
 */

const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQglu4xzVgL+HhgyAyL
P4SUseFJxd/Rzst5PyyNCH+t8uShRANCAAT9uj8ykWyWpS/ecpnAQ3xtKLxHm6LW
OPIgOQLz4gm0fzBLl8f3k0OxlVrDkMz3+96Y5ex7hL15E4id4YSEQXq9
-----END PRIVATE KEY-----`;

const TEST_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBdDCCARqgAwIBAgIBATAKBggqhkjOPQQDAjAjMSEwHwYDVQQDDBhIZWFydGgg
dGVzdCBwdXNoIHNlcnZpY2UwIBcNMDAwMTAxMDAwMDAwWhgPMjEwMDAxMDEwMDAw
MDBaMCMxITAfBgNVBAMMGEhlYXJ0aCB0ZXN0IHB1c2ggc2VydmljZTBZMBMGByqG
SM49AgEGCCqGSM49AwEHA0IABP26PzKRbJalL95ymcBDfG0ovEebotY48iA5AvPi
CbR/MEuXx/eTQ7GVWsOQzPf73pjl7HuEvXkTiJ3hhIRBer2jPTA7MBoGA1UdEQQT
MBGHBH8AAAGCCWxvY2FsaG9zdDAdBgNVHQ4EFgQUr3Ga96XQBfCjOjvmqrouVDZ5
7UIwCgYIKoZIzj0EAwIDSAAwRQIge0UHrSJIzwXsMSCJYrCPVR2dxsO6A+JvG5jh
1OQDCQ0CIQC1TR2qhGJsIoqs8AvJpM+crjDnKa+miwEHJyxn4skXTA==
-----END CERTIFICATE-----`;

/** One request the push service received. */
export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestPushService {
  /** The https URL of `path` on this service (a subscription's endpoint). */
  url(path: string): string;
  /** Makes requests to `path` answered with `status` (404 and 410 say the subscription is gone). */
  answer(path: string, status: number): void;
  /** Every request received, in order. */
  requests: PushRequest[];
  /** The HTTPS agent that trusts this service's certificate (push.driver.ts `agent`). */
  agent: https.Agent;
  close(): Promise<void>;
}

/** Starts the push service on a free port of 127.0.0.1. */
export async function startTestPushService(): Promise<TestPushService> {
  const statuses = new Map<string, number>();
  const requests: PushRequest[] = [];
  const server = https.createServer({ key: TEST_KEY, cert: TEST_CERTIFICATE }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ ca: TEST_CERTIFICATE, keepAlive: false });
  return {
    url: (path) => `https://127.0.0.1:${port}${path}`,
    answer: (path, status) => statuses.set(path, status),
    requests,
    agent,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushSubscription.toJSON() shows them. */
export interface TestBrowserKeys {
  ecdh: crypto.ECDH;
  keys: { p256dh: string; auth: string };
}

/** New browser keys (what a browser makes when it subscribes). */
export function newBrowserKeys(): TestBrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

const require = createRequire(import.meta.url);
const ece = require('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: crypto.ECDH; authSecret: string }): Buffer;
};

/** The plain text of an aes128gcm push message body, decrypted with the browser's keys (RFC 8291). */
export function decryptPush(body: Buffer, browser: TestBrowserKeys): string {
  return ece.decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.keys.auth }).toString('utf8');
}
