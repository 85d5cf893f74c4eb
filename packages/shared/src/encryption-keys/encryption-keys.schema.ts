import { z } from 'zod';
import { zText } from '../app/input-rules';

/** Inputs and outputs of the offline cache keys (spec "Encryption keys"). */

/** What encryptionKeys.createKey answers: the new key's id and the key (base64 of 32 random bytes). */
export const ZCreatedKeyOutput = z.object({ keyUuid: zText(), decryptedKey: zText() });
export type CreatedKeyOutput = z.infer<typeof ZCreatedKeyOutput>;

/** Input of encryptionKeys.getKey. */
export const ZGetKeyInput = z.object({ keyUuid: z.uuid('keyUuid must be a UUID') });

/** What encryptionKeys.getKey answers. */
export const ZDecryptedKeyOutput = z.object({ decryptedKey: zText() });
