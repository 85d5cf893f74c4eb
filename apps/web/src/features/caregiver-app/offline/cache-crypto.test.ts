import { describe, expect, it } from 'vitest';
import {
  assertKeyOpensCache,
  decryptValue,
  deriveCacheKey,
  encryptValue,
  fromBase64,
  IV_BYTES,
  makeVerifier,
  newSalt,
} from './cache-crypto';

describe('offline cache encryption', () => {
  it('round-trips a value and never writes the same ciphertext twice', async () => {
    const salt = newSalt();
    expect(fromBase64(salt)).toHaveLength(16);
    const key = await deriveCacheKey('passcode-1', salt);
    const a = await encryptValue(key, '{"shift":42,"note":"café"}');
    const b = await encryptValue(key, '{"shift":42,"note":"café"}');
    expect(a).not.toBe(b);
    expect(fromBase64(a).length).toBe(IV_BYTES + new TextEncoder().encode('{"shift":42,"note":"café"}').length + 16);
    expect(await decryptValue(key, a)).toBe('{"shift":42,"note":"café"}');
  });

  it('tells a wrong passcode ("Invalid passcode") from a damaged value ("Failed to decrypt value")', async () => {
    const salt = newSalt();
    const key = await deriveCacheKey('right', salt);
    const verifier = await makeVerifier(key);
    await expect(assertKeyOpensCache(key, verifier)).resolves.toBeUndefined();
    const wrong = await deriveCacheKey('wrong', salt);
    await expect(assertKeyOpensCache(wrong, verifier)).rejects.toThrow('Invalid passcode');

    const stored = fromBase64(await encryptValue(key, 'visit'));
    stored[stored.length - 1]! ^= 1;
    const damaged = btoa(String.fromCharCode(...stored));
    await expect(decryptValue(key, damaged)).rejects.toThrow('Failed to decrypt value');
    await expect(decryptValue(key, 'not base64 !')).rejects.toThrow('Failed to decrypt value');
  });

  it('derives a key whose bytes cannot be exported (cache-key-store.ts keeps only such keys)', async () => {
    const key = await deriveCacheKey('passcode-1', newSalt());
    expect(key.extractable).toBe(false);
    expect(key.usages.sort()).toEqual(['decrypt', 'encrypt']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});
