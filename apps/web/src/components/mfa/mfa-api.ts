import { useQuery } from '@tanstack/react-query';
import { APP_VERSION, HEADERS } from '@hearth/shared/app/app.constants';
import { MFA_STATUS_CACHE } from '@hearth/shared/mfa/mfa.constants';
import { HttpError } from '@/api/api-error';
import { setToken } from '@/api/auth-token';
import { messageOf } from '@/api/rest';
import { apiHeaders, trpcOptions } from '@/api/trpc';

/** The signed-in person's MFA status, cached 5 minutes and collected at 10 (spec section 9). */
export function useMfaStatus(enabled = true) {
  return useQuery({
    ...trpcOptions.getMfaStatus.queryOptions(),
    staleTime: MFA_STATUS_CACHE.staleMs,
    gcTime: MFA_STATUS_CACHE.gcMs,
    enabled,
  });
}

async function postAuth(path: string, body: unknown): Promise<Response> {
  const response = await fetch(`/api/auth/${path}`, {
    method: 'POST',
    headers: { ...apiHeaders(), 'Content-Type': 'application/json', [HEADERS.appVersion]: APP_VERSION },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new HttpError(response.status, await messageOf(response));
  // Turning two-step sign-in on replaces the session (better-auth): keep the new token.
  const token = response.headers.get('set-auth-token');
  if (token) setToken(token);
  return response;
}

/**
 * Starts the authenticator setup (spec section 7 "start authenticator setup"): better-auth makes a secret and ten
 * backup codes, asking for the password again when the user has one.
 * @returns the otpauth:// URI (for the QR code) and the backup codes, shown once.
 */
export async function startAuthenticatorSetup(password: string): Promise<{ totpURI: string; backupCodes: string[] }> {
  const response = await postAuth('two-factor/enable', password ? { password } : {});
  return (await response.json()) as { totpURI: string; backupCodes: string[] };
}

/** Verifies the first code of the new authenticator, which turns it on. @throws HttpError 401 for a wrong code. */
export async function verifyAuthenticator(code: string): Promise<void> {
  await postAuth('two-factor/verify-totp', { code });
}

/** The base32 secret of an otpauth:// URI, for typing into an app that cannot scan. */
export function secretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get('secret') ?? '';
}
