import { z } from 'zod';
import { SESSION } from '../app/app.constants';

/** The spec's inactivity limit in whole minutes (spec section 9: 30 minutes); a company may only shorten it. */
export const MAX_IDLE_MINUTES = SESSION.inactivityLimitMs / 60_000;

/**
 * The shortest access-log retention a company may choose, in years: HIPAA keeps required documentation six years
 * (45 CFR 164.316(b)(2)(i)), which is also the default.
 */
export const MIN_ACCESS_LOG_RETENTION_YEARS = 6;

/** Each setting's rule, without its default (ZSecuritySettings adds them; an update leaves an omitted key alone). */
const SECURITY_SETTING_FIELDS = {
  idleTimeoutMinutes: z
    .number({ message: 'The inactivity limit must be minutes' })
    .int('The inactivity limit must be whole minutes')
    .min(1, 'The inactivity limit must be at least 1 minute')
    .max(MAX_IDLE_MINUTES, `The inactivity limit cannot be longer than ${MAX_IDLE_MINUTES} minutes`),
  accessLogRetentionYears: z
    .number({ message: 'The retention must be years' })
    .int('The retention must be whole years')
    .min(MIN_ACCESS_LOG_RETENTION_YEARS, `The access log must be kept at least ${MIN_ACCESS_LOG_RETENTION_YEARS} years`)
    .max(50, 'The retention must be at most 50 years'),
};

/**
 * A company's session and access log rules (companies.security_settings), every key optional, a missing key takes
 * its default:
 * - idleTimeoutMinutes: a session unused this long ends (automatic logoff, HIPAA 45 CFR 164.312(a)(2)(iii)); at
 *   most the spec's 30 minutes, shorter for agencies with shared office computers; default 30;
 * - accessLogRetentionYears: access log entries older than this are removed by the daily job; default 6.
 */
export const ZSecuritySettings = z.object({
  idleTimeoutMinutes: SECURITY_SETTING_FIELDS.idleTimeoutMinutes.default(MAX_IDLE_MINUTES),
  accessLogRetentionYears: SECURITY_SETTING_FIELDS.accessLogRetentionYears.default(MIN_ACCESS_LOG_RETENTION_YEARS),
});
export type SecuritySettings = z.infer<typeof ZSecuritySettings>;

/** The settings of a company that set none. */
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = ZSecuritySettings.parse({});

/** Input of updateSecuritySettings: the keys to change; an omitted key keeps its stored value. */
export const ZUpdateSecuritySettingsInput = z.object(SECURITY_SETTING_FIELDS).partial();
export type UpdateSecuritySettingsInput = z.input<typeof ZUpdateSecuritySettingsInput>;

/**
 * Reads stored settings with their defaults. A stored value that does not fit (a hand-edited row asking for a
 * longer idle limit than the spec's) falls back to its default, so the limit can never be lengthened past 30 minutes.
 * @param json the stored jsonb (anything).
 */
export function parseSecuritySettings(json: unknown): SecuritySettings {
  const stored = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  const known: Record<string, unknown> = {};
  for (const key of Object.keys(ZSecuritySettings.shape) as (keyof SecuritySettings)[]) {
    if (stored[key] !== undefined && ZSecuritySettings.shape[key].safeParse(stored[key]).success) known[key] = stored[key];
  }
  return ZSecuritySettings.parse(known);
}
