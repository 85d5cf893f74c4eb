import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreatedKeyOutput } from '@hearth/shared/encryption-keys/encryption-keys.schema';
import type { Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { encryptionKeys } from './encryption-keys.schema';
import { seal, unseal } from './encryption-keys.sealing';

/** Bytes of a cache key (AES-256, issue "caregiver app" item 6). */
const KEY_BYTES = 32;

/** What a sealed key is bound to: its uuid and its owner. */
const contextOf = (keyUuid: string, userId: number) => `${keyUuid}:${userId}`;

/**
 * Creates a key for the caller's encrypted offline cache (encryptionKeys.createKey; spec "Encryption keys", issue
 * "caregiver app" item 6): 32 random bytes, answered in base64 and stored sealed (AES-256-GCM under a key derived
 * from the server's `sealingSecret`), never in the clear.
 * @returns {keyUuid (a new UUID), decryptedKey (base64 of the 32 bytes)}.
 */
export async function createKey({ scope, sealingSecret }: { scope: Scope; sealingSecret: string }): Promise<CreatedKeyOutput> {
  const keyUuid = crypto.randomUUID();
  const decryptedKey = crypto.randomBytes(KEY_BYTES).toString('base64');
  await scope.db.insert(encryptionKeys).values({
    userId: scope.userId,
    keyUuid,
    sealedKey: seal(decryptedKey, sealingSecret, contextOf(keyUuid, scope.userId)),
  });
  return { keyUuid, decryptedKey };
}

/**
 * Reads back one of the caller's own keys (encryptionKeys.getKey {keyUuid}). Another user's key, a missing one and
 * one that no longer opens (the server secret changed) all answer 404: the web app then creates a new key (it
 * does so when the message contains "not found"), losing only its cache.
 * @returns {decryptedKey} (base64).
 * @throws AppError NOT_FOUND "Key <uuid> not found".
 */
export async function getKey({
  scope,
  input,
  sealingSecret,
}: {
  scope: Scope;
  input: { keyUuid: string };
  sealingSecret: string;
}): Promise<{ decryptedKey: string }> {
  const [row] = await scope.db
    .select({ sealedKey: encryptionKeys.sealedKey })
    .from(encryptionKeys)
    .where(and(eq(encryptionKeys.keyUuid, input.keyUuid), eq(encryptionKeys.userId, scope.userId)));
  const decryptedKey = row ? unseal(row.sealedKey, sealingSecret, contextOf(input.keyUuid, scope.userId)) : null;
  if (decryptedKey === null) throw notFound('Key', input.keyUuid);
  return { decryptedKey };
}
