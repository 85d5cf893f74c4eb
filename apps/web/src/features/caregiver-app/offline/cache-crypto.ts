/**
 * Encryption of the caregiver app's offline cache (spec section 9 "Local cache"): AES-GCM with a 256-bit key
 * derived by PBKDF2 (SHA-256, 310,000 iterations) from the user's cache passcode (the decryptedKey of
 * encryptionKeys.getKey) and a 16-byte random salt kept with the cache; each value gets a fresh 12-byte IV and is
 * stored as base64 of IV followed by ciphertext. Uses WebCrypto only (browsers and Node 20 alike).
 */

export const PBKDF2_ITERATIONS = 310_000;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;

/** A known text encrypted with the cache key, so that a wrong passcode is told apart from a damaged value. */
const VERIFIER_TEXT = 'hearth-cache-v1';

/** Base64 of bytes (standard alphabet, padded). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The platform's own base64 decoder where it has one (Uint8Array.fromBase64: Chromium 140, Safari 18.2). */
const nativeFromBase64 = (Uint8Array as { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> }).fromBase64;

/** Bytes of base64 text. @throws on text that is not base64 (DOMException or SyntaxError). */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (nativeFromBase64) return nativeFromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A new random salt for a new cache, base64. */
export function newSalt(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
}

/** The AES-GCM key of a cache: PBKDF2-SHA-256 over the passcode and the cache's salt (base64). */
export async function deriveCacheKey(passcode: string, saltBase64: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(passcode), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(saltBase64), iterations: PBKDF2_ITERATIONS },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Encrypts text with a cache key. @returns base64 of a fresh 12-byte IV followed by the ciphertext and tag. */
export async function encryptValue(key: CryptoKey, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/**
 * Decrypts a value written by encryptValue.
 * @throws Error "Failed to decrypt value" when it is damaged, not base64, or was written with another key.
 */
export async function decryptValue(key: CryptoKey, stored: string): Promise<string> {
  try {
    const bytes = fromBase64(stored);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) }, key, bytes.slice(IV_BYTES));
    return new TextDecoder().decode(plain);
  } catch {
    throw new Error('Failed to decrypt value');
  }
}

/** The verifier to keep with a new cache: the known text encrypted with its key. */
export function makeVerifier(key: CryptoKey): Promise<string> {
  return encryptValue(key, VERIFIER_TEXT);
}

/**
 * Checks that a key opens the cache whose verifier is given.
 * @throws Error "Invalid passcode" when it does not (the passcode, or the key behind it, changed).
 */
export async function assertKeyOpensCache(key: CryptoKey, verifier: string): Promise<void> {
  const text = await decryptValue(key, verifier).catch(() => null);
  if (text !== VERIFIER_TEXT) throw new Error('Invalid passcode');
}
