import { z } from 'zod';
import path from 'node:path';

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
  SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

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
  /** Sign-in attempts allowed per IP address and window. */
  signInRateLimit: { max: number; windowSeconds: number };
  /** 'auto' seeds the demo agency on the first start of an empty embedded database. */
  seedDemo: 'auto' | 'never';
  /** Directory of the built web app; undefined means apps/web/dist. */
  webDist: string;
  logLevel: string;
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
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const extraOrigins = (e.TRUSTED_ORIGINS ?? '').split(',').filter(Boolean);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: [publicUrl, `http://127.0.0.1:${e.PORT}`, ...extraOrigins],
    authSecret: e.BETTER_AUTH_SECRET,
    signInRateLimit: { max: e.SIGN_IN_RATE_LIMIT_MAX, windowSeconds: e.SIGN_IN_RATE_LIMIT_WINDOW_SECONDS },
    seedDemo: e.SEED_DEMO,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL,
  };
}
