import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { clients } from '../features/clients/clients.schema';
import { contentSecurityDirectives, inlineScriptHashes } from './security';

let t: TestApp;
let adminToken: string;
/** The caregiver's session cookie (encryptionKeys.createKey, a harmless mutation, is one of the caregiver's). */
let caregiverCookie: string;
let caregiverToken: string;
const TRUSTED = 'http://localhost:3000';
const EVIL = 'https://evil.example';

/** fetch without the test helper's trusted Origin: the headers are exactly the given ones. */
const raw = (p: string, init: RequestInit = {}) => fetch(t.baseUrl + p, init);

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('companyadmin');
  caregiverToken = await t.signIn('caregiver');
  const challenge = await t.fetch('/api/auth/sign-in/username', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'caregiver', password: DEMO_PASSWORD }),
  });
  // The caregiver is enrolled: the session cookie comes with the second factor.
  const res = await t.verifyTotp(challenge);
  caregiverCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect(caregiverCookie).toContain('session_token=');
});
afterAll(() => t.close());

describe('security headers on every answer', () => {
  it('sends the policy, nosniff, the referrer policy and no framing on API, error and auth answers alike', async () => {
    const answers = [
      await raw('/api/health'),
      await raw('/api/trpc/getCurrentUser', { headers: { authorization: `Bearer ${adminToken}` } }),
      await raw('/api/trpc/getCurrentUser'),
      await raw('/users/current'),
      await raw('/api/no-such-thing'),
      await raw('/api/auth/sign-in/username', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TRUSTED },
        body: JSON.stringify({ username: 'nurse', password: 'Wrong-pass-1!' }),
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 401, 404, 401]);
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
  });

  it('allows exactly the configured map tile host for images and fetches', async () => {
    const csp = (await raw('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('answers tRPC and REST data with Cache-Control: no-store', async () => {
    const auth = { authorization: `Bearer ${adminToken}` };
    const [client] = await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.branchId, 1)).limit(1);
    const rpc = await raw(`/api/trpc/getClient?input=${encodeURIComponent(JSON.stringify({ id: client!.id }))}`, {
      headers: auth,
    });
    expect(rpc.status).toBe(200);
    expect(rpc.headers.get('cache-control')).toBe('no-store');
    const batch = await raw(`/api/trpc/getCurrentUser,getBranches?batch=1&input=${encodeURIComponent('{}')}`, {
      headers: auth,
    });
    expect(batch.status).toBe(200);
    expect(batch.headers.get('cache-control')).toBe('no-store');
    const rest = await raw('/users/current', { headers: auth });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('cache-control')).toBe('no-store');
    expect((await raw('/api/trpc/getCurrentUser')).headers.get('cache-control')).toBe('no-store');
  });

  it('lets Hearth frame a stored file (the PDF preview) while nothing in the file can run', async () => {
    await t.storage.write('client/1/security-test', Buffer.from('%PDF-1.4 test'), 'application/pdf');
    const url = await t.storage.createDownloadUrl('client/1/security-test', {
      filename: 'care-plan.pdf',
      contentType: 'application/pdf',
      inline: true,
      expiresInSeconds: 60,
    });
    const res = await raw(url);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('script-src');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the policy of the built web app', () => {
  it('allows the inline scripts of index.html by their hash, and nothing inline besides', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-web-'));
    try {
      const inline = "\n  if (location.pathname.indexOf('/app') === 0) {}\n";
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        `<html><head><script>${inline}</script><script type="module" crossorigin src="/assets/index.js"></script></head></html>`,
      );
      expect(inlineScriptHashes(dir)).toEqual([`'sha256-${createHash('sha256').update(inline).digest('base64')}'`]);
      expect(inlineScriptHashes(path.join(dir, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('adds the S3 bucket for uploads, previews and frames, and upgrades requests only over HTTPS', () => {
    const d = contentSecurityDirectives({
      scriptHashes: ["'sha256-abc'"],
      tileOrigin: null,
      storageOrigin: 'https://files.s3.us-east-1.amazonaws.com',
      https: true,
    });
    expect(d['script-src']).toEqual(["'self'", "'sha256-abc'"]);
    expect(d['connect-src']).toEqual(["'self'", 'https://files.s3.us-east-1.amazonaws.com']);
    expect(d['frame-src']).toEqual(["'self'", 'blob:', 'https://files.s3.us-east-1.amazonaws.com']);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://files.s3.us-east-1.amazonaws.com']);
    expect(d['upgrade-insecure-requests']).toEqual([]);
  });
});

describe('origins: sign-in and cookie-authenticated writes come from Hearth’s own pages', () => {
  const signIn = (headers: Record<string, string>) =>
    raw('/api/auth/sign-in/username', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ username: 'nurse', password: DEMO_PASSWORD }),
    });
  const createKey = (headers: Record<string, string>) =>
    raw('/api/trpc/encryptionKeys.createKey', { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });

  it('refuses a sign-in from another site with 403, and accepts one from Hearth or from an app without a page', async () => {
    const evil = await signIn({ origin: EVIL });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { message: string }).message).toBe(
      `Hearth does not accept this request from ${EVIL}: open Hearth at ${TRUSTED}`,
    );
    expect(evil.headers.get('set-auth-token')).toBeNull();
    expect((await signIn({ origin: 'null' })).status).toBe(403);
    expect((await signIn({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await signIn({ origin: TRUSTED })).status).toBe(200);
    expect((await signIn({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // The phone app's native requests carry no Origin at all.
    expect((await signIn({})).status).toBe(200);
  });

  it('refuses a login-link redemption from another site', async () => {
    const res = await raw('/api/login-links/redeem', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: EVIL },
      body: JSON.stringify({ token: 'x'.repeat(43) }),
    });
    expect(res.status).toBe(403);
  });

  it('refuses cookie-authenticated tRPC mutations and REST writes from another site, before they run', async () => {
    const before = await createKey({ cookie: caregiverCookie, origin: TRUSTED });
    expect(before.status).toBe(200);
    const evil = await createKey({ cookie: caregiverCookie, origin: EVIL });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { message: string }).message).toMatch(/^Hearth does not accept this request from/);
    expect((await createKey({ cookie: caregiverCookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const rest = await raw('/api/actions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: caregiverCookie, origin: EVIL },
      body: JSON.stringify([]),
    });
    expect(rest.status).toBe(403);
    const signOut = await raw('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: caregiverCookie, origin: EVIL },
      body: '{}',
    });
    expect(signOut.status).toBe(403);
    // Reads with the cookie still answer (another site cannot read them: no CORS).
    expect((await raw('/api/trpc/getCurrentUser', { headers: { cookie: caregiverCookie, origin: EVIL } })).status).toBe(200);
  });

  it('keeps bearer-token requests working whatever their origin (the phone, offline replays)', async () => {
    const res = await createKey({ authorization: `Bearer ${caregiverToken}`, origin: EVIL });
    expect(res.status).toBe(200);
    const both = await createKey({ authorization: `Bearer ${caregiverToken}`, cookie: caregiverCookie });
    expect(both.status).toBe(200);
  });
});
