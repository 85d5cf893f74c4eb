import { z } from 'zod';
import path from 'node:path';
import type { MapTiles } from '@hearth/shared/map/map.schema';

/** OpenStreetMap's standard raster tiles (usage policy: light use, with attribution). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
/** Twilio's REST API base; messages go to {SMS_API_URL}/Accounts/{sid}/Messages.json. */
export const DEFAULT_SMS_API_URL = 'https://api.twilio.com/2010-04-01';

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
  SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  SIGN_IN_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().positive().optional(),
  SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_LINK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_LINK_USER_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  LOGIN_LINK_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().optional(),
  STORAGE_SECRET: z.string().min(32, 'STORAGE_SECRET must be at least 32 characters').optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url('S3_ENDPOINT must be a URL').optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  MAP_TILE_URL: z
    .string()
    .refine(
      (v) => !v.trim() || ['{z}', '{x}', '{y}'].every((p) => v.includes(p)),
      'MAP_TILE_URL must be empty or contain {z}, {x} and {y}',
    )
    .default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().optional(),
  OUTBOX_COPY_FILE: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SMS_API_URL: z.string().url('SMS_API_URL must be a URL').default(DEFAULT_SMS_API_URL),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)/, 'VAPID_SUBJECT must be an https: URL or a mailto: address')
    .optional(),
});

/**
 * Where file bytes go (storage/storage.ts): a directory served through signed URLs by Hearth (`local`, the
 * default, under DATA_DIR/files) or an S3 bucket with presigned URLs (`s3`).
 */
export type StorageConfig =
  | {
      driver: 'local';
      dir: string;
      /** HMAC key of the signed URLs; undefined means derived from the auth secret. */
      secret: string | undefined;
    }
  | { driver: 's3'; bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean };

/**
 * Where messages go (issue 21 item 5). A channel left null keeps its messages in the outbox (/mocks), the default.
 * - email: SMTP_URL (smtp:// or smtps://user:password@host:port, read by nodemailer) and MAIL_FROM;
 * - sms: an HTTP provider in Twilio's Messages API shape: SMS_API_URL (default Twilio's), SMS_ACCOUNT_SID,
 *   SMS_AUTH_TOKEN (basic auth) and SMS_FROM (the sending number).
 */
export interface DeliveryConfig {
  email: { smtpUrl: string; from: string } | null;
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | null;
}

/** The server's configuration, validated from the environment at start. */
export interface Config {
  port: number;
  host: string;
  /** Directory of the embedded database, its lock file and the generated auth secret. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Public base URL of the app, e.g. http://localhost:3000. */
  publicUrl: string;
  trustedOrigins: string[];
  /** Secret for signing sessions; undefined means generate one and keep it in dataDir. */
  authSecret: string | undefined;
  /**
   * Failed sign-ins allowed per client address (`max`) and per account (`perAccount`, lower, so one person's typos
   * do not lock out an office behind one address) in each window; the username and email paths share the count.
   */
  signInRateLimit: { max: number; perAccount: number; windowSeconds: number };
  /** Failed login-link redemptions allowed per address, and redemptions per user, in each window. */
  loginLinkRateLimit: { perAddress: number; perUser: number; windowSeconds: number };
  /** 'auto' seeds the demo agency on the first start of an empty embedded database. */
  seedDemo: 'auto' | 'never';
  /** Directory of the built web app; undefined means apps/web/dist. */
  webDist: string;
  logLevel: string;
  storage: StorageConfig;
  /** The /map page's raster tiles; null when MAP_TILE_URL is empty (markers on a plain background). */
  mapTiles: MapTiles;
  /**
   * A file the default notifier appends every message to with its sign-in link intact (development and automated
   * tests only: the outbox page hides the tokens); undefined for none.
   */
  outboxCopyFile: string | undefined;
  delivery: DeliveryConfig;
  /**
   * Web push's VAPID identity from VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT; unset keys are generated
   * into dataDir on first start (features/notify/push.keys.ts loadVapidKeys, which also checks them).
   */
  push: { publicKey?: string; privateKey?: string; subject?: string };
}

/**
 * The map's tile source from MAP_TILE_URL (an XYZ raster template with {z}/{x}/{y}; default OpenStreetMap's, an
 * empty value for none) and MAP_TILE_ATTRIBUTION (default: OpenStreetMap's credit for its tiles, else none).
 * Read by loadConfig and by getMapLocations, which hands it to the web page.
 */
export function loadMapTiles(env: NodeJS.ProcessEnv = process.env): MapTiles {
  const url = (env.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL).trim();
  if (!url) return null;
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim() ?? (url === DEFAULT_MAP_TILE_URL ? OSM_ATTRIBUTION : '');
  return { url, attribution };
}

/**
 * The delivery drivers' settings: a channel is delivered once its variables are all set; a partial set is refused
 * rather than silently left in the outbox.
 * @throws Error naming the missing variables.
 */
function deliveryOf(e: z.infer<typeof ZEnv>): DeliveryConfig {
  const missing = (names: Record<string, string | undefined>) =>
    Object.entries(names)
      .filter(([, v]) => !v)
      .map(([k]) => k);
  const smtp = { SMTP_URL: e.SMTP_URL, MAIL_FROM: e.MAIL_FROM };
  const sms = { SMS_ACCOUNT_SID: e.SMS_ACCOUNT_SID, SMS_AUTH_TOKEN: e.SMS_AUTH_TOKEN, SMS_FROM: e.SMS_FROM };
  for (const group of [smtp, sms]) {
    const absent = missing(group);
    if (absent.length > 0 && absent.length < Object.keys(group).length) {
      throw new Error(`Invalid configuration:\n${Object.keys(group).join(', ')} go together: set ${absent.join(', ')}`);
    }
  }
  return {
    email: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            apiUrl: e.SMS_API_URL.replace(/\/+$/, ''),
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : null,
  };
}

/**
 * Reads and validates the environment.
 * @throws Error naming each invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The account's limit is the lower one, so one person's typos lock only their account, not their office's address.
  // Unset, it is 5, or the per-address limit when that is lower.
  const perAccount = e.SIGN_IN_ACCOUNT_RATE_LIMIT_MAX ?? Math.min(5, e.SIGN_IN_RATE_LIMIT_MAX);
  if (perAccount > e.SIGN_IN_RATE_LIMIT_MAX) {
    throw new Error(
      'Invalid configuration:\nSIGN_IN_ACCOUNT_RATE_LIMIT_MAX must not be above SIGN_IN_RATE_LIMIT_MAX (the per-address limit)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let storage: StorageConfig = {
    driver: 'local',
    dir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'files')),
    secret: e.STORAGE_SECRET,
  };
  if (e.STORAGE_DRIVER === 's3') {
    if (!e.S3_BUCKET || !e.S3_REGION) throw new Error('Invalid configuration:\nSTORAGE_DRIVER=s3 needs S3_BUCKET and S3_REGION');
    const forcePathStyle = e.S3_FORCE_PATH_STYLE === 'true';
    storage = { driver: 's3', bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, forcePathStyle };
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const extraOrigins = (e.TRUSTED_ORIGINS ?? '').split(',').filter(Boolean);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: [publicUrl, `http://127.0.0.1:${e.PORT}`, ...extraOrigins],
    authSecret: e.BETTER_AUTH_SECRET,
    signInRateLimit: {
      max: e.SIGN_IN_RATE_LIMIT_MAX,
      perAccount,
      windowSeconds: e.SIGN_IN_RATE_LIMIT_WINDOW_SECONDS,
    },
    loginLinkRateLimit: {
      perAddress: e.LOGIN_LINK_RATE_LIMIT_MAX,
      perUser: e.LOGIN_LINK_USER_RATE_LIMIT_MAX,
      windowSeconds: e.LOGIN_LINK_RATE_LIMIT_WINDOW_SECONDS,
    },
    seedDemo: e.SEED_DEMO,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL,
    storage,
    mapTiles: loadMapTiles(env),
    outboxCopyFile: e.OUTBOX_COPY_FILE ? path.resolve(e.OUTBOX_COPY_FILE) : undefined,
    delivery: deliveryOf(e),
    push: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
  };
}
