import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createAuth } from './auth/auth';
import { openPglite, type Database } from './db/client';
import { createLocalStorage } from './storage/local.storage';
import { startJobQueue, type JobQueue } from './jobs/jobs.queue';

let app: FastifyInstance;
let database: Database;
let dist: string;
let jobs: JobQueue;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Hearth</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // The build's precompressed copies (apps/web/vite.precompress.ts) of one asset and of index.html.
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync('<!doctype html><title>Hearth</title>'));
  database = await openPglite(undefined);
  const auth = createAuth({
    db: database.db,
    secret: 'test-secret-test-secret-test-secret-0123456789',
    baseUrl: 'http://localhost:3000',
    trustedOrigins: ['http://localhost:3000'],
    signInRateLimit: { max: 10, windowSeconds: 60 },
  });
  const storage = createLocalStorage({
    rootDir: path.join(dist, 'files'),
    secret: 'test-storage-secret-test-storage-secret-0123',
  });
  jobs = await startJobQueue(database, { supervise: false });
  app = await buildApp({
    db: database.db,
    auth,
    storage,
    jobs,
    keySealingSecret: 'test-key-sealing-secret-test-key-sealing-0123',
    publicUrl: 'http://localhost:3000',
    webDist: dist,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await app.close();
  await jobs.stop();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/clients?x=1', '/admin/users/3', '/login?redirect=%2Fclients'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Hearth</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable, and a missing asset as a 404', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the precompressed copy the browser accepts (brotli, else gzip, else the file), varying on it', async () => {
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');

    // index.html too, and it stays uncached.
    const page = await app.inject({ method: 'GET', url: '/app', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Hearth</title>');
  });

  it('answers an unknown API path with a JSON 404 naming it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });
});
