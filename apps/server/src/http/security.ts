import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { Auth } from '../auth/auth';
import type { Storage } from '../storage/storage';
import { LOCAL_STORAGE_PATH } from '../storage/local.signed-urls';
import { AppError } from '../errors/app-error';
import { loadMapTiles } from '../config';

/** What the security headers and the origin check are built from (a subset of AppDeps). */
export interface SecurityDeps {
  auth: Auth;
  storage: Storage;
  publicUrl: string;
  /** Directory of the built web app, whose inline scripts the policy allows by hash. */
  webDist?: string;
}

/**
 * Paths whose answers are API data, never a file of the web app: every one answers `Cache-Control: no-store` unless
 * it set its own (health data must not stay in a browser's or a proxy's cache; HIPAA 164.312).
 */
const API_PREFIXES = ['/api/', '/users/', '/notifications/'];

/** Requests that sign someone in: their Origin is checked whatever credentials they carry. */
const SIGN_IN_PATHS = ['/api/auth/sign-in/', '/api/login-links/redeem'];

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin (scheme://host:port) of an absolute http(s) URL, else null (a root-relative or malformed one). */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The origin of the configured map tiles (MAP_TILE_URL, the same value getMapLocations hands the page), or null. */
function tileOrigin(): string | null {
  const tiles = loadMapTiles();
  return tiles ? originOf(tiles.url.replace(/\{[a-z]+\}/gi, '0')) : null;
}

/**
 * The origin file bytes are PUT to and shown from: none besides Hearth's own for the local driver (root-relative
 * URLs), the bucket's for S3, read from a URL the storage signs (nothing is fetched).
 */
async function storageOrigin(storage: Storage): Promise<string | null> {
  const url = await storage.createDownloadUrl('csp-probe', {
    filename: 'probe',
    contentType: 'application/octet-stream',
    inline: true,
    expiresInSeconds: 60,
  });
  return originOf(url);
}

/**
 * The `'sha256-...'` sources of the inline scripts of the built index.html (index.html's early Intl warm-up), so
 * script-src needs no 'unsafe-inline'; none when the web app is not built.
 */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  const indexHtml = webDist ? path.join(webDist, 'index.html') : null;
  if (!indexHtml || !fs.existsSync(indexHtml)) return [];
  const html = fs.readFileSync(indexHtml, 'utf8');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the web app, as helmet directives: only Hearth's own scripts (and index.html's
 * inline one, by hash); MapLibre's worker (worker-src blob: as MapLibre may wrap it); Mantine's inline styles
 * ('unsafe-inline' styles, never scripts); images from Hearth, data: and blob: URLs (MapLibre, previews), the map
 * tiles and the file storage; fetches to Hearth, the tiles (MapLibre loads raster tiles with fetch) and the storage
 * (uploads PUT there); PDF previews framed from Hearth, the storage or a blob: URL (a case's PDF the page fetched
 * from cases.pdf); no plugins; never framed itself.
 */
export function contentSecurityDirectives(options: {
  scriptHashes: string[];
  tileOrigin: string | null;
  storageOrigin: string | null;
  https: boolean;
}): Record<string, string[]> {
  const tiles = options.tileOrigin ? [options.tileOrigin] : [];
  const files = options.storageOrigin ? [options.storageOrigin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...options.scriptHashes],
    'script-src-attr': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...new Set([...tiles, ...files])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...new Set([...tiles, ...files])],
    'frame-src': ["'self'", 'blob:', ...files],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  // Only over HTTPS: on a plain-HTTP install (a LAN address) it would send every request to a port nothing serves.
  if (options.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The policy of the file bytes served at /api/storage: nothing in an uploaded file runs (an HTML or SVG file cannot
 * script Hearth's origin), and Hearth's own pages may frame it (the PDF preview).
 */
const STORAGE_FILE_POLICY =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'; " +
  "frame-ancestors 'self'";

/** The origins a browser request may come from: the public URL and better-auth's trusted origins. */
function trustedOriginsOf(deps: SecurityDeps): Set<string> {
  const configured = deps.auth.options.trustedOrigins;
  const list = Array.isArray(configured) ? configured : [];
  return new Set([deps.publicUrl, ...list].map((o) => originOf(o)).filter((o): o is string => o !== null));
}

/**
 * Whether a browser may have sent this request from a page Hearth does not serve: an Origin header outside the
 * trusted ones (the literal `null` included), or, without one, a Fetch Metadata `Sec-Fetch-Site` of `cross-site` or
 * `same-site`. A request with neither is not a browser's cross-site request.
 */
function untrustedOrigin(request: FastifyRequest, trusted: Set<string>): string | null {
  const origin = request.headers.origin;
  if (origin !== undefined) return trusted.has(origin) ? null : origin;
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site' ? `a ${site} page` : null;
}

/** Whether the request's credentials are the session cookie alone (a browser adds it to any request; a bearer token it never adds). */
function isCookieAuthenticated(request: FastifyRequest): boolean {
  return !!request.headers.cookie && !request.headers.authorization;
}

/**
 * Security headers and origin checks on every answer (issue 28, "Headers and origins"):
 * - @fastify/helmet: the Content-Security-Policy of contentSecurityDirectives, `X-Frame-Options: DENY`,
 *   `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin` (same-origin requests keep
 *   the full referrer; other sites get the origin only, never a path with a record id), HSTS for Hearth's host and
 *   the rest of helmet's defaults; file bytes at /api/storage get STORAGE_FILE_POLICY and may be framed by Hearth's pages;
 * - `Cache-Control: no-store` on every API answer that set none (tRPC, REST, files, auth);
 * - a sign-in (password or login link) and any cookie-authenticated POST, PUT, PATCH or DELETE whose Origin is not
 *   trusted (the public URL and TRUSTED_ORIGINS) is refused with 403 before it runs: a page on another site cannot
 *   act with the session cookie the browser would add. Requests with a bearer token (the phone, scripts) carry a
 *   credential no other site can add, so they are not checked.
 * Registered first, so its hooks run for every route and every error answer.
 */
export async function registerSecurity(app: FastifyInstance, deps: SecurityDeps): Promise<void> {
  const directives = contentSecurityDirectives({
    scriptHashes: inlineScriptHashes(deps.webDist),
    tileOrigin: tileOrigin(),
    storageOrigin: await storageOrigin(deps.storage),
    https: deps.publicUrl.startsWith('https:'),
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS for a year on Hearth's own host only: an agency's other subdomains are not Hearth's to decide.
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false },
    // The PWA, MapLibre's worker and the storage's presigned URLs do not need cross-origin isolation.
    crossOriginEmbedderPolicy: false,
  });

  const trusted = trustedOriginsOf(deps);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const pathname = request.url.split('?')[0] ?? '';
    const signIn = SIGN_IN_PATHS.some((p) => pathname.startsWith(p));
    if (!signIn && !isCookieAuthenticated(request)) return;
    const from = untrustedOrigin(request, trusted);
    if (from)
      throw new AppError('FORBIDDEN', `Hearth does not accept this request from ${from}: open Hearth at ${deps.publicUrl}`);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith(`${LOCAL_STORAGE_PATH}/`)) {
      reply.header('content-security-policy', STORAGE_FILE_POLICY);
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    if (API_PREFIXES.some((p) => pathname.startsWith(p)) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
