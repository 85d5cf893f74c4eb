import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { createLocalStorage, deriveStorageSecret, type LocalStorage } from './local.storage';
import { contentDisposition, isStorageKey } from './storage';

let dir: string;
let storage: LocalStorage;
const KEY = 'client/7/0b5c2a4e-2f55-4a53-9d4b-1f1c9e0f3a11';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-storage-'));
  storage = createLocalStorage({ rootDir: dir, secret: 'secret-secret-secret-secret-secret' });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('storage keys', () => {
  it.each([KEY, 'caregiver/1/abc', 'imports/2026/x_y-z'])('accepts %s', (key) => expect(isStorageKey(key)).toBe(true));
  it.each([
    '',
    '../etc/passwd',
    'client/../x',
    'client//x',
    '/client/1',
    'client/1/',
    'Client/1',
    'client/1/a.pdf',
    'a\\b',
    'c/'.repeat(9) + 'c',
  ])('refuses %j', (key) => expect(isStorageKey(key)).toBe(false));
  it('is checked by every operation', async () => {
    await expect(storage.exists('../x')).rejects.toThrow('Invalid storage key');
    await expect(storage.createUploadUrl('a/../b', { contentType: 'text/plain', size: 1, expiresInSeconds: 1 })).rejects.toThrow(
      'Invalid storage key',
    );
  });
});

describe('signed URLs', () => {
  it('binds an upload URL to the key, type, size and expiry', async () => {
    const url = await storage.createUploadUrl(KEY, { contentType: 'application/pdf', size: 1234, expiresInSeconds: 900 });
    expect(url.startsWith(`/api/storage/${KEY}?`)).toBe(true);
    const query = queryOf(url);
    expect(Number(query.expires) - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(899);
    expect(storage.verifyUpload(KEY, query)).toEqual({ contentType: 'application/pdf', size: 1234 });
    expect(() => storage.verifyUpload('client/7/other', query)).toThrow('This link is invalid');
    expect(() => storage.verifyUpload(KEY, { ...query, size: '1235' })).toThrow('This link is invalid');
    expect(() => storage.verifyUpload(KEY, { ...query, sig: [query.sig!, query.sig!] })).toThrow('This link is invalid');
    const other = createLocalStorage({ rootDir: dir, secret: 'another-secret-another-secret-another' });
    expect(() => other.verifyUpload(KEY, query)).toThrow('This link is invalid');
  });

  it('expires', async () => {
    let now = Date.now();
    const clocked = createLocalStorage({ rootDir: dir, secret: 's', now: () => now });
    const url = await clocked.createDownloadUrl(KEY, {
      filename: 'a.pdf',
      contentType: 'application/pdf',
      inline: true,
      expiresInSeconds: 60,
    });
    expect(clocked.verifyDownload(KEY, queryOf(url))).toEqual({
      contentType: 'application/pdf',
      filename: 'a.pdf',
      inline: true,
    });
    now += 61_000;
    expect(() => clocked.verifyDownload(KEY, queryOf(url))).toThrow('This link has expired');
  });

  it('derives its secret from the auth secret when none is configured', () => {
    const secret = deriveStorageSecret('auth-secret-auth-secret-auth-secret');
    expect(secret).toHaveLength(43);
    expect(secret).toBe(deriveStorageSecret('auth-secret-auth-secret-auth-secret'));
    expect(secret).not.toBe(deriveStorageSecret('another-auth-secret-another-auth'));
  });
});

describe('writeUpload', () => {
  it('stores exactly the declared bytes, visible only when complete', async () => {
    const body = new PassThrough();
    const writing = storage.writeUpload(KEY, body, 6);
    body.write('abc');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await storage.exists(KEY)).toBe(false);
    body.end('def');
    await writing;
    expect(await storage.exists(KEY)).toBe(true);
    expect(fs.readFileSync(path.join(dir, KEY), 'utf8')).toBe('abcdef');
    const opened = await storage.openDownload(KEY);
    expect(opened?.size).toBe(6);
    opened?.stream.destroy();
  });

  it('refuses more bytes than declared and leaves nothing behind', async () => {
    await expect(storage.writeUpload(KEY, Readable.from([Buffer.alloc(4), Buffer.alloc(4)]), 6)).rejects.toThrow(
      'The upload is larger than the declared 6 bytes',
    );
    expect(await storage.exists(KEY)).toBe(false);
    expect(fs.readdirSync(path.join(dir, '.uploads'))).toEqual([]);
  });

  it('refuses fewer bytes than declared', async () => {
    await expect(storage.writeUpload(KEY, Readable.from([Buffer.alloc(4)]), 6)).rejects.toThrow(
      'The upload ended after 4 of the declared 6 bytes',
    );
    expect(await storage.exists(KEY)).toBe(false);
  });

  it('deletes, and deleting nothing is fine', async () => {
    await storage.writeUpload(KEY, Readable.from([Buffer.from('x')]), 1);
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.openDownload(KEY)).toBeNull();
  });
});

describe('contentDisposition', () => {
  it('keeps any name safe inside the header', () => {
    expect(contentDisposition('a "b"\r\n.pdf', true)).toBe(
      `inline; filename="a _b___.pdf"; filename*=UTF-8''a%20%22b%22%0D%0A.pdf`,
    );
    expect(contentDisposition("Zoë's (1).png", false)).toBe(
      `attachment; filename="Zo_'s (1).png"; filename*=UTF-8''Zo%C3%AB%27s%20%281%29.png`,
    );
  });
});

describe('write and read (bytes the server makes itself)', () => {
  it('stores a buffer or a stream, replaces what was there, and reads it back', async () => {
    const key = 'file-export/1/report';
    expect(await storage.read(key)).toBeNull();
    expect(await storage.write(key, Buffer.from('first'), 'text/csv')).toEqual({ size: 5 });
    expect(await storage.write(key, Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]), 'text/csv')).toEqual({
      size: 8,
    });
    const stream = await storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('a,b\n1,2\n');
    expect(await storage.exists(key)).toBe(true);
  });

  it('refuses a malformed key', async () => {
    await expect(storage.write('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
    await expect(storage.read('a//b')).rejects.toThrow('Invalid storage key');
  });
});
