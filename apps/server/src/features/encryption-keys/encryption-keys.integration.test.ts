import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CreatedKeyOutput } from '@hearth/shared/encryption-keys/encryption-keys.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { encryptionKeys } from './encryption-keys.schema';

/** The demo caregiver and the developer (who may call everything) each keep their own keys. */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['caregiver', 'developer', 'branchmanager']) tokens[u] = await t.signIn(u);
});

afterAll(async () => {
  await t?.close();
});

describe('encryptionKeys', () => {
  it('creates a 32-byte key, gives the same key back, and stores it sealed', async () => {
    const created = await t.trpc('mutation', 'encryptionKeys.createKey', undefined, tokens.caregiver);
    expect(created.status).toBe(200);
    const { keyUuid, decryptedKey } = created.body.result!.data as CreatedKeyOutput;
    expect(keyUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(decryptedKey, 'base64')).toHaveLength(32);

    const got = await t.trpc('query', 'encryptionKeys.getKey', { keyUuid }, tokens.caregiver);
    expect(got.status).toBe(200);
    expect(got.body.result!.data).toEqual({ decryptedKey });

    const [row] = await t.database.db.select().from(encryptionKeys).where(eq(encryptionKeys.keyUuid, keyUuid));
    expect(row!.sealedKey).not.toContain(decryptedKey);
    expect(row!.sealedKey).not.toContain(Buffer.from(decryptedKey, 'base64').toString('hex'));

    const again = await t.trpc('mutation', 'encryptionKeys.createKey', undefined, tokens.caregiver);
    expect((again.body.result!.data as CreatedKeyOutput).decryptedKey).not.toBe(decryptedKey);
  });

  it('answers 404 for another user’s key and for an unknown one', async () => {
    const created = await t.trpc('mutation', 'encryptionKeys.createKey', undefined, tokens.caregiver);
    const { keyUuid } = created.body.result!.data as CreatedKeyOutput;
    const foreign = await t.trpc('query', 'encryptionKeys.getKey', { keyUuid }, tokens.developer);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error!.message).toBe(`Key ${keyUuid} not found`);
    const unknown = randomUUID();
    const missing = await t.trpc('query', 'encryptionKeys.getKey', { keyUuid: unknown }, tokens.caregiver);
    expect(missing.status).toBe(404);
    expect(missing.body.error!.message).toContain('not found');
  });

  it('is the caregiver app’s: staff roles may not call it', async () => {
    const res = await t.trpc('mutation', 'encryptionKeys.createKey', undefined, tokens.branchmanager);
    expect(res.status).toBe(403);
  });
});
