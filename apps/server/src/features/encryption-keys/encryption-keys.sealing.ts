import crypto from 'node:crypto';

/** Format tag of a sealed value, so a later scheme can be told apart. */
const VERSION = 'v1';
const IV_BYTES = 12;
/** Fixed HKDF salt and info: the derived key depends only on the server secret and what it is for. */
const HKDF_SALT = 'hearth encryption keys';
const HKDF_INFO = 'sealing offline cache keys v1';

/** The AES-256 key that seals stored keys, derived from the server secret by HKDF-SHA256 (32 bytes). */
function sealingKey(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
}

/**
 * Seals `plain` with AES-256-GCM under a key derived from `secret`, bound to `context` (authenticated data, e.g.
 * the key's uuid and owner: a sealed value copied to another row does not open).
 * @returns "v1.<iv>.<tag>.<ciphertext>", each part base64; a fresh 12-byte IV every time.
 */
export function seal(plain: string, secret: string, context: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

/**
 * Opens a value sealed by seal() with the same secret and context.
 * @returns the plain text, or null when it does not open (another secret or context, a damaged or unknown value).
 */
export function unseal(sealed: string, secret: string, context: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(secret), Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    // GCM authentication failed: wrong secret, wrong context or tampered data all read as "cannot open".
    return null;
  }
}
