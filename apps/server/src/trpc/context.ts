import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { resolveCaller, type Caller } from '../auth/caller';
import type { Storage } from '../storage/storage';
import type { JobQueue } from '../jobs/jobs.queue';
import { HEADERS } from '@hearth/shared/app/app.constants';
import type { Language } from '@hearth/shared/i18n/languages';
import { requestLanguage } from '../i18n/request-language';
import type { LiveHub } from '../features/live/live.hub';

/**
 * What the calling app says of the request in its headers (docs/architecture.md "The life of a request", HEADERS): a
 * replayed offline mutation (x-offline "1" or "true") with the ISO UTC time the device recorded it
 * (x-offline-timestamp, null when absent or not a time), the app version (x-app-version), the mobile-app flag
 * (x-mobile-app: the caregiver app on the phone) and the phone's clock when it sent the request (x-device-time, ISO
 * UTC, null when absent or not a time).
 */
export interface ClientFlags {
  offline: boolean;
  offlineTimestamp: string | null;
  appVersion: string | null;
  mobileApp: boolean;
  deviceTime: string | null;
}

/**
 * What every procedure gets: the database, auth, file storage, the caller (null when signed out), the client
 * flags of the request, and the secret that seals stored keys (encryption-keys feature).
 */
export interface Context {
  db: Db;
  auth: Auth;
  storage: Storage;
  /** The job queue (imports and exports are queued on it). */
  jobs: JobQueue;
  caller: Caller | null;
  /** The language of the answer's messages: the caller's setting, else Accept-Language, else English (issue 27). */
  language: Language;
  client: ClientFlags;
  /** The server's time when the request arrived (the receipt time the EVV rules compare a phone's clock with). */
  receivedAt: Date;
  keySealingSecret: string;
  /** This process's live updates (features/live), null when the app was built without them. */
  live: LiveHub | null;
  /** The request's headers: an open event stream rechecks its session with them (live.session.ts). */
  headers: Headers;
  /** The session rules' clock in epoch milliseconds (ContextDeps.sessionNow, else the real one). */
  sessionNow: () => number;
}

/** What createContext is built from: the app's dependencies. */
export interface ContextDeps {
  db: Db;
  auth: Auth;
  storage: Storage;
  jobs: JobQueue;
  /** Secret of the sealed encryption keys (the auth secret in main.ts). */
  keySealingSecret: string;
  /** The server's clock (the real one unless a test controls it). */
  now?: () => Date;
  /** The session rules' clock (app.ts's AppDeps.sessionNow). */
  sessionNow?: () => Date;
  /** This process's live updates (main.ts starts them; absent, live.onEvent refuses). */
  live?: LiveHub;
}

const TRUE_VALUES = new Set(['1', 'true']);

/**
 * Reads the client flags from a request's headers. Lenient by design: a malformed offline timestamp or device time
 * becomes null rather than an error, since refusing a replayed visit would lose it (issue "caregiver app" item 6).
 */
export function clientFlagsOf(headers: Headers): ClientFlags {
  const flag = (name: string) => TRUE_VALUES.has((headers.get(name) ?? '').trim().toLowerCase());
  const time = (name: string) => {
    const raw = headers.get(name)?.trim();
    const parsed = raw ? new Date(raw) : null;
    return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : null;
  };
  const appVersion = headers.get(HEADERS.appVersion)?.trim().slice(0, 40);
  return {
    offline: flag(HEADERS.offline),
    offlineTimestamp: time(HEADERS.offlineTimestamp),
    appVersion: appVersion || null,
    mobileApp: flag(HEADERS.mobileApp),
    deviceTime: time(HEADERS.deviceTime),
  };
}

/** Converts Node's incoming headers into Fetch Headers (what better-auth reads). */
export function toFetchHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * Builds a request's context: notes the receipt time, resolves the caller once from the session, reads the
 * client flags and chooses the language of its messages (requestLanguage).
 * @throws AppError UNAUTHORIZED for a deactivated user.
 */
export async function createContext(deps: ContextDeps, headers: Headers): Promise<Context> {
  const { db, auth, storage, jobs, keySealingSecret } = deps;
  const receivedAt = deps.now?.() ?? new Date();
  const caller = await resolveCaller(db, auth, headers, (deps.sessionNow?.() ?? new Date()).getTime());
  return {
    receivedAt,
    db,
    auth,
    storage,
    jobs,
    keySealingSecret,
    caller,
    language: requestLanguage(caller?.user.language, headers),
    client: clientFlagsOf(headers),
    live: deps.live ?? null,
    headers,
    sessionNow: () => (deps.sessionNow?.() ?? new Date()).getTime(),
  };
}
