import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sendSignInCode, verifySecondFactor, type SecondFactorKind } from '@/api/auth-api';
import { VerificationCodeInput } from '@/components/mfa/verification-code.input';
import { authFailureOf, signInProblemOf, type SignInProblem } from './sign-in.errors';

/** localStorage key of the spec's remember-device flag (section 3 "Local preferences": text true/false, default true). */
const REMEMBER_DEVICE_KEY = 'hearth.rememberDevice';

function readRememberDevice(): boolean {
  try {
    return window.localStorage.getItem(REMEMBER_DEVICE_KEY) !== 'false';
  } catch {
    return true;
  }
}

function storeRememberDevice(value: boolean): void {
  try {
    window.localStorage.setItem(REMEMBER_DEVICE_KEY, String(value));
  } catch {
    // The flag then only lasts for this sign-in.
  }
}

/**
 * The second step of sign-in (issue 20): the authenticator code (6 digits), or a code texted to the verified phone,
 * or a backup code; "Remember this device" (default on) spares this browser the code for 30 days. The Verify button
 * works only with exactly 6 digits (spec section 5). Success stores the session, which redirects the login page.
 * @param methods what the server offers: 'totp' (an authenticator is enrolled), 'otp' (texted codes).
 * @param onProblem shows a problem on the page (sign-in.errors.ts: a wrong or expired code, a lock; null clears it).
 */
export function SecondFactorForm({
  methods,
  onProblem,
}: {
  methods: string[];
  onProblem: (problem: SignInProblem | null) => void;
}) {
  const { t } = useTranslation('signIn');
  const [kind, setKind] = useState<SecondFactorKind>(methods.includes('totp') ? 'totp' : 'otp');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(readRememberDevice);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const fail = (error: unknown) => onProblem(signInProblemOf(authFailureOf(error), 'code'));
  const send = async () => {
    onProblem(null);
    try {
      await sendSignInCode();
      setSent(true);
    } catch (error) {
      fail(error);
    }
  };
  const switchTo = (next: SecondFactorKind) => {
    setKind(next);
    setCode('');
    onProblem(null);
    if (next === 'otp' && !sent) void send();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return onProblem({ screen: 'alert', message: t('code.empty') });
    setBusy(true);
    onProblem(null);
    storeRememberDevice(remember);
    try {
      await verifySecondFactor(kind, code.trim(), remember);
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };
  const complete = kind === 'backup-code' ? code.trim().length > 0 : /^\d{6}$/.test(code);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t(`code.prompt.${kind}`)}</Text>
        {kind === 'backup-code' ? (
          <TextInput label={t('code.backupLabel')} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoFocus />
        ) : (
          <VerificationCodeInput label={t('code.label')} value={code} onChange={setCode} maxLength={6} autoFocus />
        )}
        <Checkbox label={t('code.rememberDevice')} checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
        <Button type="submit" loading={busy} disabled={!complete} fullWidth>
          {t('code.verify')}
        </Button>
        <Group gap="md" justify="center">
          {kind !== 'totp' && methods.includes('totp') && (
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('totp')}>
              {t('code.useAuthenticator')}
            </Anchor>
          )}
          {kind !== 'otp' && methods.includes('otp') && (
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('otp')}>
              {t('code.textMe')}
            </Anchor>
          )}
          {kind === 'otp' && (
            <Anchor component="button" type="button" size="sm" onClick={() => void send()}>
              {t('code.resend')}
            </Anchor>
          )}
          {kind !== 'backup-code' && (
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('backup-code')}>
              {t('code.useBackup')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}
