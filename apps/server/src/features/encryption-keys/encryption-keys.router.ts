import { ZCreatedKeyOutput, ZDecryptedKeyOutput, ZGetKeyInput } from '@hearth/shared/encryption-keys/encryption-keys.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { createKey, getKey } from './encryption-keys.service';

/**
 * The offline cache's keys (spec "Encryption keys"): `encryptionKeys.createKey` and `encryptionKeys.getKey`
 * (dotted paths: the root router nests this under `encryptionKeys`). Each user reads only their own keys.
 */
export const encryptionKeysRouter = router({
  /** encryptionKeys.createKey -> {keyUuid, decryptedKey}; see createKey. */
  createKey: permissionProcedure
    .output(ZCreatedKeyOutput)
    .mutation(({ ctx }) => createKey({ scope: ctx.scope, sealingSecret: ctx.keySealingSecret })),
  /** encryptionKeys.getKey {keyUuid} -> {decryptedKey}; 404 "Key <uuid> not found" otherwise. */
  getKey: permissionProcedure
    .input(ZGetKeyInput)
    .output(ZDecryptedKeyOutput)
    .query(({ ctx, input }) => getKey({ scope: ctx.scope, input, sealingSecret: ctx.keySealingSecret })),
});
