import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sendSignInCode, verifySecondFactor, type SecondFactorKind } from '@/api/auth-api';
import { errorMessageOf } from '@/api/api-error';
import { VerificationCodeInput } from '@/components/mfa/verification-code.input';

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
 * @param onError shows a message in the page's alert (null clears it).
 */
export function SecondFactorForm({ methods, onError }: { methods: string[]; onError: (message: string | null) => void }) {
  const { t } = useTranslation('signIn');
  const [kind, setKind] = useState<SecondFactorKind>(methods.includes('totp') ? 'totp' : 'otp');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(readRememberDevice);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async () => {
    onError(null);
    try {
      await sendSignInCode();
      setSent(true);
    } catch (error) {
      onError(errorMessageOf(error));
    }
  };
  const switchTo = (next: SecondFactorKind) => {
    setKind(next);
    setCode('');
    onError(null);
    if (next === 'otp' && !sent) void send();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return onError(t('code.empty'));
    setBusy(true);
    onError(null);
    storeRememberDevice(remember);
    try {
      await verifySecondFactor(kind, code.trim(), remember);
    } catch (error) {
      const status = (error as { status?: number }).status;
      onError(status === 401 ? t('code.invalid') : errorMessageOf(error));
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
