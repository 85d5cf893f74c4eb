import type { StorageConfig } from '../config';
import { createLocalStorage, deriveStorageSecret } from './local.storage';
import type { Storage } from './storage';

/**
 * The configured storage driver. The S3 driver (and the AWS SDK) is loaded only when configured.
 * @param authSecret the session secret; the local driver's URL secret is derived from it unless STORAGE_SECRET is set.
 */
export async function createStorage(config: StorageConfig, authSecret: string): Promise<Storage> {
  if (config.driver === 'local') {
    return createLocalStorage({ rootDir: config.dir, secret: config.secret ?? deriveStorageSecret(authSecret) });
  }
  const { createS3Storage } = await import('./s3.storage');
  return createS3Storage(config);
}
