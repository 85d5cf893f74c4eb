import { HIDDEN_TOKEN } from '@hearth/shared/notify/notify.schema';

// What in a message would let its reader act as its recipient, and how it is hidden. Its own module: the notifier
// (notify.service.ts, written to by sign-in paths) and the outbox reader (notify.outbox.ts) both hide secrets, and
// neither may import the other.

/**
 * The outbox kinds of texted codes (a sign-in code, a phone verification code): their bodies carry a code that
 * signs in or proves a phone. Counted together by the send limit (auth/mfa-sms.ts).
 */
export const TEXTED_CODE_KINDS = { signIn: 'mfa_sign_in_code', phone: 'mfa_phone_verification' } as const;

const CODE_KINDS: ReadonlySet<string> = new Set(Object.values(TEXTED_CODE_KINDS));

/** A `token` query parameter (login links carry `/login?token=<token>`) up to the end of its value. */
const TOKEN_PARAMETER = /([?&]token=)[^&#\s]+/g;

/** A code in a texted code's body: a run of 4 to 10 digits (the codes are 6; "3 minutes" is not one). */
const CODE = /\b\d{4,10}\b/g;

/** `text` with the value of every `token` parameter replaced by HIDDEN_TOKEN. */
export function withTokensHidden(text: string): string {
  return text.replace(TOKEN_PARAMETER, `$1${HIDDEN_TOKEN}`);
}

/** Whether messages of `kind` carry a code (TEXTED_CODE_KINDS). */
export function carriesCode(kind: string): boolean {
  return CODE_KINDS.has(kind);
}

/** `body` with every code replaced by HIDDEN_TOKEN when messages of `kind` carry one, else as it is. */
export function withCodesHidden(kind: string, body: string): string {
  return carriesCode(kind) ? body.replace(CODE, HIDDEN_TOKEN) : body;
}

/** A message's body and link with both its sign-in tokens and its codes hidden: {kind, body, link} -> {body, link}. */
export function withSecretsHidden(m: { kind: string; body: string; link: string | null }): {
  body: string;
  link: string | null;
} {
  return {
    body: withCodesHidden(m.kind, withTokensHidden(m.body)),
    link: m.link === null ? null : withTokensHidden(m.link),
  };
}
