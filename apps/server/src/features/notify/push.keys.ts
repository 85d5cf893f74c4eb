import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** The VAPID identity the server signs its push requests with (RFC 8292); the public key is what browsers subscribe with. */
export interface VapidKeys {
  /** The P-256 public key, base64url (65 bytes decoded). Public: GET /notifications/push-public-key gives it out. */
  publicKey: string;
  /** The private key, base64url (32 bytes decoded). Secret: read only by push.driver.ts. */
  privateKey: string;
  /** Who runs this server, as push services want it: an https: URL or a mailto: address. */
  subject: string;
}

/** The file the generated keys are kept in, under DATA_DIR. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The subject when VAPID_SUBJECT is not set: the public URL when it is https on a real host (push services refuse a
 * localhost subject), else a mailto: placeholder fit for a laptop; an install reached from phones sets VAPID_SUBJECT.
 */
export function defaultVapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' && url.hostname !== 'localhost' ? url.origin : 'mailto:push@hearth.invalid';
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, else a pair generated once with web-push
 * and kept in `<dataDir>/vapid-keys.json` (mode 600, like the auth secret in auth/secret.ts), so subscriptions keep
 * working across restarts: a browser's subscription is bound to the public key it was made with.
 * @param configured the environment's keys and subject (config.ts `push`); the subject defaults to
 *   defaultVapidSubject(publicUrl)
 * @throws Error when only one key is set, or the keys or subject are not what web-push accepts (checked at start,
 *   not at the first message)
 */
export function loadVapidKeys(
  configured: { publicKey?: string; privateKey?: string; subject?: string },
  dataDir: string,
  publicUrl: string,
): VapidKeys {
  const subject = configured.subject ?? defaultVapidSubject(publicUrl);
  if (Boolean(configured.publicKey) !== Boolean(configured.privateKey))
    throw new Error('Invalid configuration:\nVAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const keys =
    configured.publicKey && configured.privateKey
      ? { publicKey: configured.publicKey, privateKey: configured.privateKey }
      : generatedKeys(dataDir);
  try {
    // Validates the subject and both keys the way sending will.
    webpush.getVapidHeaders('https://push.invalid', subject, keys.publicKey, keys.privateKey, 'aes128gcm');
  } catch (error) {
    throw new Error(`Invalid configuration:\nVAPID keys or subject: ${(error as Error).message}`);
  }
  return { ...keys, subject };
}

/** The pair kept in dataDir, generated and written (readable by the owner only) the first time. */
function generatedKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  // `wx`: two processes starting at once on one DATA_DIR do not overwrite each other's pair.
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return generatedKeys(dataDir);
    throw error;
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
