import { describe, expect, it } from 'vitest';
import { createS3Storage } from './s3.storage';
import { createStorage } from './create-storage';
import { loadConfig } from '../config';

// Hearth runs on Node 20, which the SDK's future versions drop; the notice is for operators, not test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const KEY = 'client/7/0b5c2a4e-2f55-4a53-9d4b-1f1c9e0f3a11';
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

// Nothing here reaches the network: presigning is local computation (the endpoint is a closed port).
describe('the S3 driver', () => {
  const storage = createS3Storage({
    bucket: 'hearth-files',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9/',
    forcePathStyle: true,
    credentials,
  });

  it('presigns a PUT bound to the content type and length', async () => {
    const url = new URL(
      await storage.createUploadUrl(KEY, { contentType: 'application/pdf', size: 1234, expiresInSeconds: 900 }),
    );
    expect(url.host).toBe('127.0.0.1:9');
    expect(url.pathname).toBe(`/hearth-files/${KEY}`);
    const q = url.searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Expires')).toBe('900');
    expect(q.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(q.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // A presigned checksum of the empty body would make S3 refuse the real bytes.
    expect([...q.keys()].filter((k) => k.toLowerCase().startsWith('x-amz-checksum'))).toEqual([]);
  });

  it('presigns a GET that names the file and its disposition', async () => {
    const url = new URL(
      await storage.createDownloadUrl(KEY, {
        filename: 'Care plan.pdf',
        contentType: 'application/pdf',
        inline: true,
        expiresInSeconds: 600,
      }),
    );
    expect(url.pathname).toBe(`/hearth-files/${KEY}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `inline; filename="Care plan.pdf"; filename*=UTF-8''Care%20plan.pdf`,
    );
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
  });

  it('uses the virtual-hosted bucket address on AWS', async () => {
    const aws = createS3Storage({ bucket: 'hearth-files', region: 'eu-west-1', credentials });
    const url = new URL(await aws.createUploadUrl(KEY, { contentType: 'image/png', size: 5, expiresInSeconds: 60 }));
    expect(url.host).toBe('hearth-files.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe(`/${KEY}`);
  });

  it('refuses keys that are not storage keys', async () => {
    await expect(storage.createUploadUrl('../x', { contentType: 'image/png', size: 5, expiresInSeconds: 60 })).rejects.toThrow(
      'Invalid storage key',
    );
  });
});

describe('storage configuration', () => {
  it('defaults to the local driver under DATA_DIR/files', () => {
    const config = loadConfig({ DATA_DIR: '/srv/hearth' });
    expect(config.storage).toEqual({ driver: 'local', dir: '/srv/hearth/files', secret: undefined });
  });

  it('reads the S3 settings and requires the bucket and region', async () => {
    const env = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'us-east-2',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const config = loadConfig(env);
    expect(config.storage).toEqual({
      driver: 's3',
      bucket: 'b',
      region: 'us-east-2',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    expect((await createStorage(config.storage, 'auth-secret')).driver).toBe('s3');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow('STORAGE_DRIVER=s3 needs S3_BUCKET and S3_REGION');
    expect(() => loadConfig({ STORAGE_SECRET: 'short' })).toThrow('STORAGE_SECRET must be at least 32 characters');
  });
});
