import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * The secret that signs sessions: BETTER_AUTH_SECRET when set, else one generated once and kept in
 * `<dataDir>/auth-secret` (mode 600), so sessions survive restarts of a single-machine install.
 */
export function loadAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
